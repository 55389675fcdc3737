/** Reading the site process's memory (after a full collection asked of its inspector) and finding the process that listens on a port, from /proc texts. */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer } from 'ws';
import { collectGarbage, listeningInodes, parsePpid, parseVmRssKb, releaseMarker, rssChange, slotStatusIn } from './bench-memory';

it('reads VmRSS from /proc/{pid}/status', () => {
  const status = 'Name:\tnode\nVmPeak:\t 1234567 kB\nVmRSS:\t  204800 kB\nRssAnon:\t 150000 kB\n';
  expect(parseVmRssKb(status)).toBe(204800);
  expect(parseVmRssKb('Name:\tkthreadd\n')).toBeUndefined();
});

it('finds the inodes of sockets listening on a port in /proc/net/tcp and tcp6', () => {
  const tcp = [
    '  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode',
    '   0: 00000000:10CC 00000000:0000 0A 00000000:00000000 00:00000000 00000000  1000        0 5551 1 0000000000000000 100 0 0 10 0',
    '   1: 0100007F:10CC 0100007F:D3A2 01 00000000:00000000 00:00000000 00000000  1000        0 5552 1 0000000000000000 20 4 30 10 -1',
    '   2: 00000000:10CD 00000000:0000 0A 00000000:00000000 00:00000000 00000000  1000        0 5553 1 0000000000000000 100 0 0 10 0',
  ].join('\n');
  // 4300 is 0x10CC: the listening socket only, not the established connection.
  expect(listeningInodes(tcp, 4300)).toEqual(['5551']);
  const tcp6 = [
    '  sl  local_address                         remote_address                        st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode',
    '   0: 00000000000000000000000000000000:10CC 00000000000000000000000000000000:0000 0A 00000000:00000000 00:00000000 00000000  1000        0 7771 1 0000000000000000 100 0 0 10 0',
  ].join('\n');
  expect(listeningInodes(tcp6, 4300)).toEqual(['7771']);
  expect(listeningInodes(tcp6, 3000)).toEqual([]);
});

it('compares with the warmed-up value, within 20 %', () => {
  expect(rssChange(200, 230)).toEqual({ pct: '+15.0 %', met: true });
  expect(rssChange(200, 250)).toEqual({ pct: '+25.0 %', met: false });
  expect(rssChange(200, 170)).toEqual({ pct: '-15.0 %', met: true });
});

it('makes every release of a remote a different file', () => {
  expect(releaseMarker('store', 1, 1000)).not.toBe(releaseMarker('store', 2, 1000));
  expect(releaseMarker('store', 1, 1000)).toMatch(/^\n\/\* .* \*\/\n$/);
});

it('reads the parent pid from /proc/{pid}/stat, whatever the process name holds', () => {
  expect(parsePpid('21332 (node) S 21301 21301 100 0 -1 4194560')).toBe(21301);
  expect(parsePpid('4242 (my (odd) name) R 17 4242 4242 0')).toBe(17);
  expect(parsePpid('garbage')).toBeUndefined();
});

it("reads a slot's status in the server's HTML", () => {
  const html =
    '<div class="a" data-mfe-slot="library/ItemActions" data-mfe-status="ready"></div><div data-mfe-slot="store/App" data-mfe-status="failed" aria-busy="false">';
  expect(slotStatusIn(html, 'store/App')).toBe('failed');
  expect(slotStatusIn(html, 'library/ItemActions')).toBe('ready');
  expect(slotStatusIn(html, 'video/App')).toBeUndefined();
});

describe('collectGarbage', () => {
  /** A DevTools endpoint that answers the protocol's requests as `reply` says, and records them. */
  async function inspectorServer(reply: (method: string) => object) {
    const methods: string[] = [];
    const server = http.createServer((req, res) => {
      const { port } = server.address() as AddressInfo;
      res.setHeader('Content-Type', 'application/json');
      res.end(JSON.stringify([{ webSocketDebuggerUrl: `ws://127.0.0.1:${port}/target` }]));
    });
    const wss = new WebSocketServer({ server });
    wss.on('connection', (socket) =>
      socket.on('message', (data: Buffer) => {
        const msg = JSON.parse(data.toString()) as { id: number; method: string };
        methods.push(msg.method);
        socket.send(JSON.stringify({ id: msg.id, ...reply(msg.method) }));
      }),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    return {
      url: `http://127.0.0.1:${port}`,
      methods,
      close: () => new Promise<void>((resolve) => wss.close(() => server.close(() => resolve()))),
    };
  }

  it("asks the process's inspector for two full collections", async () => {
    const inspector = await inspectorServer(() => ({ result: {} }));
    try {
      await collectGarbage(inspector.url);
      expect(inspector.methods).toEqual(['HeapProfiler.collectGarbage', 'HeapProfiler.collectGarbage']);
    } finally {
      await inspector.close();
    }
  });

  it('fails when the inspector refuses, rather than reading memory that was not collected', async () => {
    const inspector = await inspectorServer(() => ({ error: { code: -32601, message: 'not allowed' } }));
    try {
      await expect(collectGarbage(inspector.url)).rejects.toThrow('HeapProfiler.collectGarbage: not allowed');
    } finally {
      await inspector.close();
    }
  });
});
