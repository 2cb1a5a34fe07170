import { useEffect, useState } from 'react';

const MS_PER_MINUTE = 60_000;
const MS_PER_HOUR = 3_600_000;

/** Hours since the epoch: changes exactly when the UTC hour does (whole-hour zones and others alike). */
function utcHourStamp(time: number = Date.now()): number {
  return Math.floor(time / MS_PER_HOUR);
}

/**
 * A clock that re-renders its user at each new minute (for "local time" columns). One timer, aligned to
 * the minute, so every clock on the page turns over together.
 */
export function useMinuteClock(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout>;
    const schedule = () => {
      timer = setTimeout(
        () => {
          setNow(new Date());
          schedule();
        },
        MS_PER_MINUTE - (Date.now() % MS_PER_MINUTE) + 50,
      );
    };
    schedule();
    return () => clearTimeout(timer);
  }, []);
  return now;
}

/** The current UTC hour stamp, updated when the hour turns (a timer set for that instant, not polling). */
export function useUtcHour(): number {
  const [hour, setHour] = useState(() => utcHourStamp());
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout>;
    const schedule = () => {
      // A little past the boundary, so a timer that fires a few ms early still lands in the new hour.
      const wait = (utcHourStamp() + 1) * MS_PER_HOUR - Date.now() + 250;
      timer = setTimeout(() => {
        setHour(utcHourStamp());
        schedule();
      }, wait);
    };
    schedule();
    return () => clearTimeout(timer);
  }, []);
  return hour;
}
