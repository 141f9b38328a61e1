import manifest from '../../package.json' with { type: 'json' }

/** The version users pin and report: package.json's, bundled into dist/ at build time. */
export const VERSION: string = manifest.version
