// RFC 6902 JSON Patch, applied to a copy: the live stream sends each change to the game view
// as a patch from the version the phone holds. Throws on a patch that does not fit (the phone
// then reads the game again).

const clone = (value) => (value === undefined ? undefined : JSON.parse(JSON.stringify(value)));

function tokens(pointer) {
  if (pointer === "") return [];
  if (!pointer.startsWith("/")) throw new Error(`bad pointer ${pointer}`);
  return pointer.slice(1).split("/").map((part) => part.replace(/~1/g, "/").replace(/~0/g, "~"));
}

// The container holding the pointer's last token, and that token.
function locate(document, pointer) {
  const path = tokens(pointer);
  if (!path.length) throw new Error("patching the whole document");
  let node = document;
  for (const key of path.slice(0, -1)) {
    if (node === null || typeof node !== "object" || !(key in node)) throw new Error(`no ${pointer}`);
    node = node[key];
  }
  return [node, path[path.length - 1]];
}

function index(array, key, { adding = false } = {}) {
  if (adding && key === "-") return array.length;
  const at = Number(key);
  if (!Number.isInteger(at) || at < 0 || at > array.length - (adding ? 0 : 1)) throw new Error(`bad index ${key}`);
  return at;
}

function read(document, pointer) {
  let node = document;
  for (const key of tokens(pointer)) {
    if (node === null || typeof node !== "object" || !(key in node)) throw new Error(`no ${pointer}`);
    node = node[key];
  }
  return node;
}

function add(document, pointer, value) {
  const [node, key] = locate(document, pointer);
  if (Array.isArray(node)) node.splice(index(node, key, { adding: true }), 0, value);
  else node[key] = value;
}

function remove(document, pointer) {
  const [node, key] = locate(document, pointer);
  if (Array.isArray(node)) return node.splice(index(node, key), 1)[0];
  if (!(key in node)) throw new Error(`no ${pointer}`);
  const value = node[key];
  delete node[key];
  return value;
}

export function applyPatch(document, operations) {
  const result = clone(document);
  for (const operation of operations) {
    const { op, path } = operation;
    if (op === "add") add(result, path, clone(operation.value));
    else if (op === "remove") remove(result, path);
    else if (op === "replace") {
      remove(result, path);
      add(result, path, clone(operation.value));
    } else if (op === "move") add(result, path, remove(result, operation.from));
    else if (op === "copy") add(result, path, clone(read(result, operation.from)));
    else if (op === "test") {
      if (JSON.stringify(read(result, path)) !== JSON.stringify(operation.value)) throw new Error(`test failed at ${path}`);
    } else throw new Error(`unknown op ${op}`);
  }
  return result;
}
