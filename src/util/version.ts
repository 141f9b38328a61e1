import manifest from '../../package.json'

/** loadgate's version, as users pin and report it: package.json's, bundled into dist/ at build time. */
export const VERSION: string = manifest.version
