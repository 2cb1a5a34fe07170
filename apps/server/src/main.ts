import { buildApp } from './app.ts';
import { loadConfigOrExit, serve } from './serve.ts';

const config = loadConfigOrExit();
await serve(await buildApp(config), config);
