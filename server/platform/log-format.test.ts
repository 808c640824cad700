import { prettyLine } from './log-format';

describe('log lines on a terminal', () => {
  it('show the time, the level, the message and the other fields', () => {
    const time = new Date(2026, 10, 24, 10, 42, 7).getTime();
    const line = JSON.stringify({
      level: 40,
      time,
      pid: 1,
      hostname: 'h',
      reqId: 'req-1',
      msg: 'slow import',
      req: { method: 'POST', route: '/api/import/raw-data' },
      rows: 12,
    });
    expect(prettyLine(line)).toBe(
      '10:42:07 WARN  slow import req={"method":"POST","route":"/api/import/raw-data"} rows=12',
    );
  });

  it('passes through what is not a log line', () => {
    expect(prettyLine('not json')).toBe('not json');
  });
});
