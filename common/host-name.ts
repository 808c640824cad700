/**
 * Whether a text is a host to connect to and nothing more: a host name (`od-server`,
 * `od.practice.local`) or an IP address (`10.0.0.5`, `fe80::1`). A scheme, a port, a path or
 * user info is refused: the driver would take `127.0.0.1:22` or `file:///etc/passwd` as a host
 * name and fail later in words about something else. The port has its own field.
 */

// A label of letters, digits, hyphens and underscores (Windows names of servers in a practice
// often have one), not starting or ending with a hyphen.
const LABEL = /^(?!-)[A-Za-z0-9_-]{1,63}(?<!-)$/;
const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;

function isIpv6(text: string): boolean {
  if (!/^[0-9A-Fa-f:.]+$/.test(text) || !text.includes(':')) return false;
  // The URL parser knows IPv6's shorthands (`::`, an IPv4 tail) in the browser and in Node alike.
  try {
    return new URL(`http://[${text}]/`).hostname !== '';
  } catch {
    return false;
  }
}

export function isHostNameOrAddress(text: string): boolean {
  if (text.length === 0 || text.length > 255) return false;
  if (isIpv6(text)) return true;
  const labels = text.replace(/\.$/, '').split('.');
  // All digits: it means an IPv4 address, so it must be a whole one (`10.0.0.256` is a typo).
  if (labels.every((l) => /^\d+$/.test(l))) return IPV4.test(text);
  return labels.every((l) => LABEL.test(l));
}
