/** A port that is free now, below the ephemeral range (ports.cjs). */
export function freePort(): Promise<number>;
