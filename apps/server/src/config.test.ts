import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('uses the documented defaults when nothing is set', () => {
    const config = loadConfig({});
    expect(config.port).toBe(8080);
    expect(config.host).toBe('0.0.0.0');
    expect(config.databasePath).toBe('./data/frontline.db');
    expect(config.logLevel).toBe('info');
    expect(config.env).toBe('development');
  });

  it('reads and converts the variables it knows', () => {
    const config = loadConfig({
      PORT: '9001',
      HOST: '127.0.0.1',
      DATABASE_PATH: '/tmp/x.db',
      LOG_LEVEL: 'warn',
      PUBLIC_URL: 'https://frontline.example/',
    });
    expect(config).toMatchObject({
      port: 9001,
      host: '127.0.0.1',
      databasePath: '/tmp/x.db',
      logLevel: 'warn',
      publicUrl: 'https://frontline.example',
    });
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ PORT: '' }).port).toBe(8080);
  });

  it('stops with a readable list of every problem, naming each variable and its value', () => {
    let thrown: unknown;
    try {
      loadConfig({ PORT: 'eighty', LOG_LEVEL: 'loud' });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ConfigError);
    const problems = (thrown as ConfigError).problems;
    expect(problems).toHaveLength(2);
    expect(problems[0]).toMatch(/^PORT: .*\(got "eighty"\)$/);
    expect(problems[1]).toMatch(/^LOG_LEVEL: .*\(got "loud"\)$/);
    expect((thrown as ConfigError).message).toContain('Invalid configuration:\n  - PORT');
  });

  it('rejects a port out of range', () => {
    expect(() => loadConfig({ PORT: '70000' })).toThrow(ConfigError);
  });
});

describe('collector configuration', () => {
  it('defaults to polling all three games of the public BFList feed every 30 s', () => {
    expect(loadConfig({}).collector).toEqual({
      enabled: true,
      bflistBaseUrl: 'https://api.bflist.io',
      games: ['bf1942', 'fh2', 'bfvietnam'],
      pollIntervalMs: 30_000,
      unhealthyAfterMs: 600_000,
    });
  });

  it('reads the game list, the interval (1 s at least) and the switch', () => {
    const config = loadConfig({
      COLLECT_GAMES: 'fh2, bf1942,fh2',
      POLL_INTERVAL_SECONDS: '1',
      COLLECTOR_ENABLED: 'false',
      BFLIST_BASE_URL: 'http://127.0.0.1:9000/',
      COLLECTOR_UNHEALTHY_AFTER_SECONDS: '120',
    });
    expect(config.collector).toEqual({
      enabled: false,
      bflistBaseUrl: 'http://127.0.0.1:9000',
      games: ['fh2', 'bf1942'],
      pollIntervalMs: 1000,
      unhealthyAfterMs: 120_000,
    });
  });

  it('rejects an unknown game, an empty list, a zero interval and a vague switch', () => {
    for (const env of [
      { COLLECT_GAMES: 'bf2' },
      { COLLECT_GAMES: ',' },
      { POLL_INTERVAL_SECONDS: '0' },
      { COLLECTOR_UNHEALTHY_AFTER_SECONDS: '0' },
      { COLLECTOR_ENABLED: 'yes' },
    ]) {
      expect(() => loadConfig(env), JSON.stringify(env)).toThrow(ConfigError);
    }
  });

  it('leaves sign-in off by default and reads its settings', () => {
    expect(loadConfig({}).auth).toEqual({
      googleClientId: undefined,
      googleJwksUrl: 'https://www.googleapis.com/oauth2/v3/certs',
      signingKey: undefined,
      refreshSecret: undefined,
      demoSignIn: false,
    });
    expect(
      loadConfig({ GOOGLE_CLIENT_ID: 'id.apps.googleusercontent.com', DEMO_SIGN_IN: 'true', NODE_ENV: 'test' }).auth,
    ).toMatchObject({ googleClientId: 'id.apps.googleusercontent.com', demoSignIn: true });
  });

  it('refuses the demo identity provider in production, and a short refresh secret', () => {
    expect(() => loadConfig({ DEMO_SIGN_IN: 'true', NODE_ENV: 'production' })).toThrow(/DEMO_SIGN_IN/);
    expect(() => loadConfig({ AUTH_REFRESH_SECRET: 'short' })).toThrow(/AUTH_REFRESH_SECRET/);
  });
});

describe('TRUST_PROXY', () => {
  it('believes no X-Forwarded-For by default', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '' }).trustProxy).toBe(false);
  });

  it('reads a switch, or a list of addresses, ranges and range names', () => {
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '10.1.2.3' }).trustProxy).toEqual(['10.1.2.3']);
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,::1,fd00::/8,loopback' }).trustProxy).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
  });

  it('refuses what is none of these, naming the variable', () => {
    for (const value of ['yes', '10.0.0.0/33', '10.0.0.300', 'proxy.example.com', '127.0.0.1,', '1.5', '::1/129']) {
      expect(() => loadConfig({ TRUST_PROXY: value }), value).toThrow(/^Invalid configuration:\n {2}- TRUST_PROXY: /);
    }
  });

  it('refuses a hop count, which Fastify no longer honours, asking for the address instead', () => {
    expect(() => loadConfig({ TRUST_PROXY: '1' })).toThrow(/TRUST_PROXY: expected the proxy's address/);
  });
});
