// Loads extension modules in a plain Node test, where there is no `vscode` module: `require('vscode')`
// answers an empty object while `load` runs. Only for modules whose loading uses no editor API (the
// command table: its factories and handlers run in VS Code, making them is what activate() does);
// a module that touches `vscode` while loading fails here with a TypeError, which is the point.
import Module from 'node:module';

interface ModuleLoader {
  _load(request: string, ...rest: unknown[]): unknown;
}

export function loadWithoutEditor<T>(load: () => T): T {
  const loader = Module as unknown as ModuleLoader;
  const original = loader._load;
  loader._load = function (this: unknown, request: string, ...rest: unknown[]) {
    return request === 'vscode' ? {} : original.call(this, request, ...rest);
  };
  try {
    return load();
  } finally {
    loader._load = original;
  }
}
