import { describe, expect, it } from 'vitest';
import { INITIAL_REPLAY, jumpStep, replayKeyCommand, replayReducer } from './replay.ts';

// Spec site-statistics §4 "Round replay: paused or playing, speed, live versus final ladder"; §9 "Round replay
// interval per step: 1600, 800, 400, 200, 100 ms for 0.5x to 8x; default 800 ms"; §2 "Keyboard arrows, Home, End
// work (ignored while typing in an input)".

/** The reducer's own types, as the page's hook sees them (its state and actions are nobody else's business). */
type ReplayState = Parameters<typeof replayReducer>[0];
type ReplayAction = Parameters<typeof replayReducer>[1];

const LAST = 4;
const run = (actions: ReplayAction[], from: ReplayState = INITIAL_REPLAY) => actions.reduce(replayReducer, from);
const at = (step: number, extra: Partial<ReplayState> = {}): ReplayState => ({
  ...INITIAL_REPLAY,
  step,
  started: true,
  ...extra,
});

describe('replayReducer', () => {
  it('plays one step per tick and stops on the last step', () => {
    let state = run([{ type: 'toggle', lastStep: LAST }]);
    expect(state).toMatchObject({ step: 0, started: true, playing: true });
    for (let tick = 1; tick <= LAST; tick += 1) state = replayReducer(state, { type: 'tick', lastStep: LAST });
    expect(state).toMatchObject({ step: LAST, playing: false });
    // A stray tick after the end changes nothing.
    expect(replayReducer(state, { type: 'tick', lastStep: LAST })).toBe(state);
  });

  it('pauses and resumes where it was; Play at the end starts over', () => {
    const paused = run([
      { type: 'toggle', lastStep: LAST },
      { type: 'tick', lastStep: LAST },
      { type: 'toggle', lastStep: LAST },
    ]);
    expect(paused).toMatchObject({ step: 1, playing: false });
    expect(replayReducer(paused, { type: 'tick', lastStep: LAST }).step).toBe(1);
    expect(replayReducer(paused, { type: 'toggle', lastStep: LAST })).toMatchObject({ step: 1, playing: true });
    expect(replayReducer(at(LAST), { type: 'toggle', lastStep: LAST })).toMatchObject({ step: 0, playing: true });
  });

  it('shows a one-snapshot round on Play without playing it', () => {
    expect(run([{ type: 'toggle', lastStep: 0 }])).toMatchObject({ step: 0, started: true, playing: false });
  });

  it('resets to the prompt and jumps to the end, both stopping playback', () => {
    const playing = at(2, { playing: true });
    expect(replayReducer(playing, { type: 'reset' })).toMatchObject({ step: 0, started: false, playing: false });
    expect(replayReducer(playing, { type: 'end', lastStep: LAST })).toMatchObject({
      step: LAST,
      started: true,
      playing: false,
    });
  });

  it('seeks within the round, keeping playback going unless it reached the end', () => {
    expect(run([{ type: 'seek', step: 2, lastStep: LAST }])).toMatchObject({ step: 2, started: true, playing: false });
    expect(replayReducer(at(1, { playing: true }), { type: 'seek', step: 3, lastStep: LAST }).playing).toBe(true);
    expect(replayReducer(at(1, { playing: true }), { type: 'seek', step: 99, lastStep: LAST })).toMatchObject({
      step: LAST,
      playing: false,
    });
    expect(replayReducer(at(1), { type: 'seek', step: -1, lastStep: LAST }).step).toBe(0);
  });

  it('changes speed without moving', () => {
    expect(replayReducer(at(2, { playing: true }), { type: 'speed', intervalMs: 100 })).toEqual(
      at(2, { playing: true, intervalMs: 100 }),
    );
  });
});

describe('jumpStep', () => {
  // Polls 30 s apart, then a gap of 10 minutes before the last one.
  const times = [0, 30, 60, 90, 120, 150, 750].map((seconds) => seconds * 1000);

  it('lands forward on the first snapshot at or after the target time', () => {
    expect(jumpStep(times, 0, 1)).toBe(2);
    expect(jumpStep(times, 1, 1)).toBe(3);
    // Past the round's end: the last snapshot.
    expect(jumpStep(times, 3, 5)).toBe(6);
    expect(jumpStep(times, 6, 1)).toBe(6);
  });

  it('lands back on the last snapshot at or before the target time', () => {
    expect(jumpStep(times, 4, -1)).toBe(2);
    expect(jumpStep(times, 2, -5)).toBe(0);
    // Snapshots further apart than the jump: still one step back.
    expect(jumpStep(times, 6, -1)).toBe(5);
    expect(jumpStep(times, 0, -1)).toBe(0);
  });
});

describe('replayKeyCommand', () => {
  const press = (key: string, target: EventTarget | null = document.body, extra: Partial<KeyboardEventInit> = {}) =>
    replayKeyCommand({
      key,
      target,
      altKey: false,
      ctrlKey: false,
      metaKey: false,
      shiftKey: false,
      defaultPrevented: false,
      ...extra,
    });

  it('maps the arrows, Home, End and Space', () => {
    expect(['ArrowLeft', 'ArrowRight', 'Home', 'End', ' ', 'a', 'ArrowUp'].map((key) => press(key))).toEqual([
      'previous',
      'next',
      'start',
      'end',
      'toggle',
      null,
      null,
    ]);
  });

  it('ignores keys typed into a field, a select or the slider', () => {
    const input = document.createElement('input');
    const select = document.createElement('select');
    const textarea = document.createElement('textarea');
    const range = Object.assign(document.createElement('input'), { type: 'range' });
    for (const target of [input, select, textarea, range]) {
      expect(press('ArrowRight', target)).toBeNull();
      expect(press('Home', target)).toBeNull();
      expect(press(' ', target)).toBeNull();
    }
  });

  it('leaves Space to the focused button, and every key to browser shortcuts and earlier handlers', () => {
    const button = document.createElement('button');
    expect(press(' ', button)).toBeNull();
    expect(press('ArrowRight', button)).toBe('next');
    expect(press('ArrowLeft', document.body, { altKey: true })).toBeNull();
    expect(press('End', document.body, { ctrlKey: true })).toBeNull();
    expect(press('Home', document.body, { shiftKey: true })).toBeNull();
    expect(
      replayKeyCommand({
        key: 'End',
        target: document.body,
        altKey: false,
        ctrlKey: false,
        metaKey: false,
        shiftKey: false,
        defaultPrevented: true,
      }),
    ).toBeNull();
  });
});
