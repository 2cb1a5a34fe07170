import { useEffect, useEffectEvent, useReducer } from 'react';
import { INITIAL_REPLAY, replayKeyCommand, replayReducer, type ReplayKeyCommand } from './replay.ts';

export interface Replay {
  step: number;
  lastStep: number;
  started: boolean;
  playing: boolean;
  intervalMs: number;
  toggle: () => void;
  reset: () => void;
  end: () => void;
  seek: (step: number) => void;
  setSpeed: (intervalMs: number) => void;
}

/**
 * The replay of `stepCount` snapshots: its state, a timer that advances one step per interval while playing,
 * and the page's replay keys (see replayKeyCommand). A live round's report can grow while it is open, so the
 * last step is passed with every action instead of being fixed when the replay starts.
 */
export function useReplay(stepCount: number): Replay {
  const [state, dispatch] = useReducer(replayReducer, INITIAL_REPLAY);
  const lastStep = Math.max(0, stepCount - 1);
  const step = Math.min(state.step, lastStep);

  useEffect(() => {
    if (!state.playing) return;
    const timer = window.setInterval(() => dispatch({ type: 'tick', lastStep }), state.intervalMs);
    return () => window.clearInterval(timer);
  }, [state.playing, state.intervalMs, lastStep]);

  const replay: Replay = {
    ...state,
    step,
    lastStep,
    toggle: () => dispatch({ type: 'toggle', lastStep }),
    reset: () => dispatch({ type: 'reset' }),
    end: () => dispatch({ type: 'end', lastStep }),
    seek: (target) => dispatch({ type: 'seek', step: target, lastStep }),
    setSpeed: (intervalMs) => dispatch({ type: 'speed', intervalMs }),
  };

  const onKey = useEffectEvent((event: KeyboardEvent) => {
    const command = replayKeyCommand(event);
    if (!command) return;
    event.preventDefault();
    runCommand(command, replay);
  });
  useEffect(() => {
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  return replay;
}

function runCommand(command: ReplayKeyCommand, replay: Replay): void {
  switch (command) {
    case 'previous':
      return replay.seek(replay.step - 1);
    case 'next':
      return replay.seek(replay.started ? replay.step + 1 : 0);
    case 'start':
      return replay.seek(0);
    case 'end':
      return replay.end();
    case 'toggle':
      return replay.toggle();
  }
}
