export { ContentStore, loadSnapshot, makeRef } from "./content-store";
export { createContentApiHandler, type ContentApiHandler } from "./handler";
export { readAsset } from "./assets";
export { previewTokenFor } from "./ref-views";
export type * from "./types";
