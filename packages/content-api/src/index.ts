/** The Content API's main entry; in-process use, the seeded generator and the CLI launcher have their own. */
export { readAsset } from "./assets";
export { ContentStore, loadSnapshot, makeRef, releaseRef, type ContentStoreOptions } from "./content-store";
export { writeGeneratedRepository, type GeneratedRepositoryOptions } from "./generated-repository";
export { createContentApiHandler, type ContentApiHandler, type ContentApiOptions } from "./handler";
export { listen, type ListenOptions, type RunningServer } from "./http-server";
export { previewTokenFor } from "./ref-views";
export type * from "./types";
