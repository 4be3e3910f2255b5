// layout_tidy_tree.mjs — registers Mermaid's `tidy-tree` layout, as mermaid-cli does.
//
// Serves: mindmaps with `config: layout: tidy-tree` (without it registered, Mermaid warns and
// falls back to cose-bilkent). mermaid-cli imports the browser entry of
// @mermaid-js/layout-tidy-tree (dist/mermaid-layout-tidy-tree.esm.mjs) and passes its default
// export to mermaid.registerLayoutLoaders. That entry is a few lines: it imports everything from
// one chunk, vendored byte-identical as layout-tidy-tree/layout-tidy-tree.chunk.mjs, and exports
// [{name: "tidy-tree", loader, algorithm: "tidy-tree"}], whose loader dynamically imports a
// module that re-exports the chunk's `render`. This module registers the same thing.
//
// How the import below resolves: the QuickJS binding installs no module loader and names every
// module it evaluates "<input>", and an import of "<input>" gets the first module evaluated under
// that name: the chunk, which the engine evaluates just before this file (see mermaid_scripts()
// in quickjs_engine.py). Were anything else first, the import of `render` fails, and so does
// loading the engine.
// Leaves out: the entry's other exports (executeTidyTreeLayout, validateLayoutData; Mermaid does
// not use them) and the dynamic import: with no module loader there is nothing to load
// lazily, so the loader resolves to the already evaluated `render`.
import { render } from "<input>";

if (typeof render !== "function") throw new Error("the tidy-tree chunk exports no render()");
globalThis.mermaid.registerLayoutLoaders([
  { name: "tidy-tree", loader: async () => ({ render }), algorithm: "tidy-tree" },
]);
