"""Static files as `collectstatic` writes them for `make run` and `make prod` (docs/serving.md).

Every file gets a name with a hash of its content, so a phone keeps it for a year without asking
again, and a gzip and a brotli copy, so it is sent compressed (WhiteNoise). The client's ES
modules import one another by relative paths: those imports are rewritten to the hashed names,
so a changed module changes the name of every module that imports it, up to the entry the shell
names.

Django's own module patterns (``support_js_module_import_aggregation``) also match the words
"import ... from" inside a comment ("Export to a file; import a friend's file") and then fail on
the file; the patterns here only take a statement that starts its line.
"""

from __future__ import annotations

from whitenoise.storage import CompressedManifestStaticFilesStorage

_MODULE_IMPORTS = (
    "*.js",
    (
        (
            r"""(?m)^(?P<matched>import(?s:(?P<import>[\s\{].*?|\*\s*as\s*\w+))"""
            r"""\s*from\s*['"](?P<url>[./].*?)["']\s*;)""",
            """import%(import)s from "%(url)s";""",
        ),
        (
            r"""(?m)^(?P<matched>export(?s:(?P<exports>[\s\{].*?))"""
            r"""\s*from\s*["'](?P<url>[./].*?)["']\s*;)""",
            """export%(exports)s from "%(url)s";""",
        ),
        (
            r"""(?m)^(?P<matched>import\s*['"](?P<url>[./].*?)["']\s*;)""",
            """import"%(url)s";""",
        ),
        # import("./screens/home.js"): only a whole name; a name built at run time cannot be
        # rewritten (tests/serving/test_static_files.py finds any).
        (
            r"""(?P<matched>import\(\s*["'](?P<url>[./][^"'`$]*?)["']\s*\))""",
            """import("%(url)s")""",
        ),
    ),
)


class ClientStaticFilesStorage(CompressedManifestStaticFilesStorage):  # type: ignore[misc]
    patterns = (*CompressedManifestStaticFilesStorage.patterns, _MODULE_IMPORTS)
