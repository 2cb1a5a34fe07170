import { describe, expect, it } from 'vitest';
import { BFLIST_MIN_POLL_INTERVAL_SECONDS, ConfigError, loadConfig } from './config.ts';

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

  it('selects PostgreSQL with DATABASE_URL, in DATABASE_SCHEMA, and SQLite without it', () => {
    expect(loadConfig({}).postgres).toBeUndefined();
    expect(loadConfig({ DATABASE_URL: 'postgres://frontline@db:5432/frontline' }).postgres).toEqual({
      url: 'postgres://frontline@db:5432/frontline',
      schema: 'public',
    });
    expect(loadConfig({ DATABASE_URL: 'postgresql://db/frontline', DATABASE_SCHEMA: 'site_2' }).postgres?.schema).toBe(
      'site_2',
    );
    expect(() => loadConfig({ DATABASE_URL: 'mysql://db/frontline' })).toThrow(
      /DATABASE_URL: expected a PostgreSQL URL/,
    );
    expect(() => loadConfig({ DATABASE_URL: 'postgres://db/x', DATABASE_SCHEMA: 'Public; drop' })).toThrow(
      /DATABASE_SCHEMA: expected a schema name/,
    );
  });

  it('runs every role on one instance by default; web never collects; another role needs PostgreSQL', () => {
    const url = { DATABASE_URL: 'postgres://db/frontline' };
    expect(loadConfig({})).toMatchObject({ role: 'all', collector: { enabled: true } });
    expect(loadConfig({ ...url, ROLE: 'web' })).toMatchObject({ role: 'web', collector: { enabled: false } });
    expect(loadConfig({ ...url, ROLE: 'collector' })).toMatchObject({
      role: 'collector',
      collector: { enabled: true },
    });
    expect(() => loadConfig({ ROLE: 'web' })).toThrow(/ROLE: web is one of several instances sharing PostgreSQL/);
    expect(() => loadConfig({ ...url, ROLE: 'web', COLLECTOR_ENABLED: 'true' })).toThrow(
      /COLLECTOR_ENABLED: an instance with ROLE=web does not collect/,
    );
    expect(() => loadConfig({ ...url, ROLE: 'leader' })).toThrow(/ROLE/);
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

  it('reads a hop count from 1 to 99', () => {
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toEqual({ hops: 1 });
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toEqual({ hops: 2 });
    for (const value of ['0', '100', '-1']) {
      expect(() => loadConfig({ TRUST_PROXY: value }), value).toThrow(/TRUST_PROXY: expected true, false, a hop count/);
    }
  });
});

describe('rate limits of the expensive reads', () => {
  it('allow 30 at once and 60 a minute per address by default', () => {
    expect(loadConfig({}).rateLimits).toEqual({ reads: { perMinute: 60, burst: 30 } });
  });

  it('read both numbers, 0 a minute being no limit', () => {
    expect(loadConfig({ RATE_LIMIT_READS_PER_MINUTE: '120', RATE_LIMIT_READS_BURST: '10' }).rateLimits).toEqual({
      reads: { perMinute: 120, burst: 10 },
    });
    expect(loadConfig({ RATE_LIMIT_READS_PER_MINUTE: '0' }).rateLimits.reads.perMinute).toBe(0);
  });

  it('refuse a negative, fractional or wordy rate and a burst below 1, naming the variable', () => {
    for (const env of [
      { RATE_LIMIT_READS_PER_MINUTE: '-1' },
      { RATE_LIMIT_READS_PER_MINUTE: '1.5' },
      { RATE_LIMIT_READS_PER_MINUTE: 'lots' },
      { RATE_LIMIT_READS_BURST: '0' },
    ]) {
      expect(() => loadConfig(env), JSON.stringify(env)).toThrow(
        new RegExp(`^Invalid configuration:\\n  - ${Object.keys(env)[0]}: `),
      );
    }
  });
});

describe('the caps on open connections', () => {
  it('default to what the descriptor limit allows in total and 256 per address, and read both', () => {
    expect(loadConfig({}).connections).toEqual({ max: undefined, perAddress: 256 });
    expect(loadConfig({ MAX_CONNECTIONS: '5000', MAX_CONNECTIONS_PER_ADDRESS: '0' }).connections).toEqual({
      max: 5000,
      perAddress: 0,
    });
  });

  it('refuse a total below 1, a negative cap and words', () => {
    for (const env of [
      { MAX_CONNECTIONS: '0' },
      { MAX_CONNECTIONS_PER_ADDRESS: '-1' },
      { MAX_CONNECTIONS: 'lots' },
      { MAX_CONNECTIONS_PER_ADDRESS: '2.5' },
    ]) {
      expect(() => loadConfig(env), JSON.stringify(env)).toThrow(ConfigError);
    }
  });
});

describe('the poll interval against the public BFList feed in production', () => {
  const production = { NODE_ENV: 'production' };

  it(`is refused below ${BFLIST_MIN_POLL_INTERVAL_SECONDS} s, saying why and what it got`, () => {
    for (const env of [
      { ...production, POLL_INTERVAL_SECONDS: '29' },
      { ...production, POLL_INTERVAL_SECONDS: '1', BFLIST_BASE_URL: 'https://API.bflist.io/' },
      { ...production, POLL_INTERVAL_SECONDS: '10', BFLIST_BASE_URL: 'https://bflist.io' },
      // A trailing dot names the same host (a fully qualified name).
      { ...production, POLL_INTERVAL_SECONDS: '1', BFLIST_BASE_URL: 'https://api.bflist.io.' },
      { ...production, POLL_INTERVAL_SECONDS: '1', BFLIST_BASE_URL: 'https://API.BFLIST.IO../v2' },
      { ...production, POLL_INTERVAL_SECONDS: '5', BFLIST_BASE_URL: 'https://bflist.io.:443/' },
    ]) {
      let thrown: unknown;
      try {
        loadConfig(env);
      } catch (error) {
        thrown = error;
      }
      expect(thrown, JSON.stringify(env)).toBeInstanceOf(ConfigError);
      expect((thrown as ConfigError).problems).toEqual([
        expect.stringMatching(
          new RegExp(
            `^POLL_INTERVAL_SECONDS: at least 30 against the public BFList feed .*\\(got "${env.POLL_INTERVAL_SECONDS}"\\)$`,
          ),
        ),
      ]);
    }
  });

  it('is accepted at 30 s and above', () => {
    expect(loadConfig({ ...production, POLL_INTERVAL_SECONDS: '30' }).collector.pollIntervalMs).toBe(30_000);
    expect(loadConfig({ ...production, POLL_INTERVAL_SECONDS: '45' }).collector.pollIntervalMs).toBe(45_000);
  });

  it('does not apply to a feed of its own (emulator, benchmarks), outside production, or with the collector off', () => {
    for (const env of [
      { ...production, BFLIST_BASE_URL: 'http://127.0.0.1:9000' },
      { ...production, BFLIST_BASE_URL: 'https://bflist.io.example.com' },
      { NODE_ENV: 'development' },
      { NODE_ENV: 'test' },
      { ...production, COLLECTOR_ENABLED: 'false' },
    ]) {
      expect(loadConfig({ ...env, POLL_INTERVAL_SECONDS: '1' }).collector.pollIntervalMs, JSON.stringify(env)).toBe(
        1000,
      );
    }
  });
});
