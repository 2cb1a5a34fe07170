/**
 * Ping statistics from histograms: the collector counts each player's ping into a bin PING_BIN_MS wide, keyed by
 * its lower bound (server_ping_hourly, server_ping_daily), and the server profile reads percentiles from them. A
 * histogram keeps the storage per server-hour small and bounded whatever the player count, at the price of
 * percentiles that are estimates good to within one bin.
 */

/** Width of a ping bin, in milliseconds. */
const PING_BIN_MS = 10;

/** The bin a ping is counted in: its lower bound. */
export function pingBinOf(ping: number): number {
  return Math.floor(ping / PING_BIN_MS) * PING_BIN_MS;
}

export interface PingBin {
  /** Lower bound of the bin, in milliseconds. */
  pingBin: number;
  samples: number;
}

export interface PingPercentiles {
  median: number;
  p95: number;
}

/**
 * Median and 95th percentile of a ping histogram, or null when it holds no samples.
 *
 * Interpolated inside the bin (as Prometheus' histogram_quantile does): the samples of a bin are taken
 * to be spread evenly across it, and the percentile is the ping below which that share of samples lies.
 * Compared with reporting the bin's midpoint, this moves smoothly from hour to hour instead of in 10 ms
 * steps, and it still always lies in the bin that holds the exact percentile of the raw pings (so it
 * is never more than one bin width off). A lone sample gives median = midpoint of its bin. Values are
 * not rounded; presentation decides that.
 */
export function pingPercentiles(bins: readonly PingBin[]): PingPercentiles | null {
  // Merge repeated bins and drop empty ones, so the walk below sees each bin once, in order.
  const counts = new Map<number, number>();
  for (const { pingBin, samples } of bins) {
    if (samples > 0) counts.set(pingBin, (counts.get(pingBin) ?? 0) + samples);
  }
  const sorted = [...counts].sort(([a], [b]) => a - b);
  const total = sorted.reduce((sum, [, samples]) => sum + samples, 0);
  if (total === 0) return null;

  const percentile = (share: number): number => {
    const rank = share * total;
    let below = 0;
    for (const [pingBin, samples] of sorted) {
      if (below + samples >= rank) return pingBin + ((rank - below) / samples) * PING_BIN_MS;
      below += samples;
    }
    // Unreachable for share <= 1 (the last bin reaches total); kept so floating point cannot fall through.
    const [lastBin] = sorted[sorted.length - 1] ?? [0];
    return lastBin + PING_BIN_MS;
  };
  return { median: percentile(0.5), p95: percentile(0.95) };
}
