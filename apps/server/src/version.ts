import packageJson from '../../../package.json' with { type: 'json' };

/** The released version of Frontline, from the root package.json. */
export const APP_VERSION: string = packageJson.version;
