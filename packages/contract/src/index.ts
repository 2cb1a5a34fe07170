export * from './app-info.ts';
export * from './errors.ts';
export * from './games.ts';
export * from './health.ts';
export * from './live-servers.ts';
export * from './page-meta.ts';
export * from './players.ts';
export * from './servers.ts';
