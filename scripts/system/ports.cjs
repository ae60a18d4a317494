// CommonJS: the start scripts import it, and so do the admin API's tests (their Prometheus).
const { readFileSync } = require('node:fs');
const { createServer } = require('node:net');

/** The OS's ephemeral range (Linux), from which it picks `listen(0)` ports and outgoing connections' local ports. */
function ephemeralRange() {
  try {
    const [low, high] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/).map(Number);
    if (low > 0 && high >= low) return { low, high };
  } catch {
    /* not Linux: the IANA range */
  }
  return { low: 49152, high: 65535 };
}

const canListen = (port) =>
  new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, () => server.close(() => resolve(true)));
  });

/**
 * A port that is free now, for a server that learns it before it listens (a child process told
 * it in its environment). Chosen below the ephemeral range: a port from `listen(0)` is freed again
 * and may be handed out as the local port of a connection (the browser's, the tests') before the
 * child binds it, which failed a start with EADDRINUSE on a busy machine.
 */
async function freePort() {
  const { low } = ephemeralRange();
  const floor = 10_000;
  const span = Math.max(1000, low - floor);
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = floor + Math.floor(Math.random() * span);
    if (port < low && (await canListen(port))) return port;
  }
  throw new Error(`no free port between ${floor} and ${low}`);
}

module.exports = { freePort };
