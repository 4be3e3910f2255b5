// layout_tidy_tree.js — registers Mermaid's `tidy-tree` layout, as mermaid-cli does.
//
// Serves: mindmaps with `config: layout: tidy-tree` (without it registered, Mermaid warns and
// falls back to cose-bilkent). mermaid-cli imports the browser entry of
// @mermaid-js/layout-tidy-tree (dist/mermaid-layout-tidy-tree.esm.mjs) and passes its default
// export to mermaid.registerLayoutLoaders. That entry is a few lines: it imports everything from
// one chunk, vendored byte-identical as layout-tidy-tree/layout-tidy-tree.chunk.mjs, and exports
// [{name: "tidy-tree", loader, algorithm: "tidy-tree"}], whose loader dynamically imports a
// module that re-exports the chunk's `render`. This script registers the same thing.
//
// The chunk is an ES module; the Mermaid bundle (bundles/mermaid.py) has the engine publish its
// namespace as globalThis.__printerTidyTreeChunk, which is how a classic script reaches a
// module's exports without a module loader.
// Leaves out: the entry's other exports (executeTidyTreeLayout, validateLayoutData; Mermaid does
// not use them) and the dynamic import: with no module loader there is nothing to load
// lazily, so the loader resolves to the already evaluated `render`.
"use strict";
(function () {
  const chunk = globalThis.__printerTidyTreeChunk;
  const render = chunk && chunk.render;
  if (typeof render !== "function") throw new Error("the tidy-tree chunk exports no render()");
  globalThis.mermaid.registerLayoutLoaders([
    { name: "tidy-tree", loader: async () => ({ render }), algorithm: "tidy-tree" },
  ]);
})();
