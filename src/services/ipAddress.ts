/** IP addresses and CIDR ranges, as the IP whitelist takes them (IPv6 normalised to its RFC 5952 short form). */

/** How many addresses and ranges one account's whitelist holds. */
export const MAX_WHITELIST_ENTRIES = 50;

function parseIpv4(text: string): number[] | null {
  const parts = text.split('.');
  if (parts.length !== 4) return null;
  // No leading zeros: "010" means 8 to some parsers and 10 to others.
  if (!parts.every((part) => /^(0|[1-9]\d{0,2})$/.test(part))) return null;
  const octets = parts.map(Number);
  return octets.every((octet) => octet <= 255) ? octets : null;
}

function parseIpv6(text: string): number[] | null {
  const lastColon = text.lastIndexOf(':');
  if (lastColon < 0) return null;
  let groupsText = text;
  let tail: number[] = [];
  const last = text.slice(lastColon + 1);
  if (last.includes('.')) {
    // An embedded IPv4 address (::ffff:192.0.2.1) stands for the last two groups.
    const v4 = parseIpv4(last);
    if (!v4) return null;
    const [a = 0, b = 0, c = 0, d = 0] = v4;
    tail = [a * 256 + b, c * 256 + d];
    groupsText = text.slice(0, lastColon + 1);
    if (!groupsText.endsWith('::')) groupsText = groupsText.slice(0, -1);
  }
  const halves = groupsText.split('::');
  if (halves.length > 2) return null;
  const split = (half: string | undefined) => (half ? half.split(':') : []);
  const head = split(halves[0]);
  const rest = split(halves[1]);
  if (![...head, ...rest].every((group) => /^[0-9a-f]{1,4}$/i.test(group))) return null;
  const wanted = 8 - tail.length;
  const count = head.length + rest.length;
  const compressed = halves.length === 2;
  if (compressed ? count >= wanted : count !== wanted) return null;
  const zeros = Array<number>(wanted - count).fill(0);
  return [...head.map((group) => parseInt(group, 16)), ...zeros, ...rest.map((group) => parseInt(group, 16)), ...tail];
}

function formatIpv6(groups: number[]): string {
  // RFC 5952: the longest run of two or more zero groups becomes "::" (the first one on a tie).
  let bestStart = -1;
  let bestLength = 1;
  for (let start = 0; start < groups.length; start += 1) {
    let length = 0;
    while (groups[start + length] === 0) length += 1;
    if (length > bestLength) {
      bestStart = start;
      bestLength = length;
    }
  }
  const hex = groups.map((group) => group.toString(16));
  if (bestStart < 0) return hex.join(':');
  return `${hex.slice(0, bestStart).join(':')}::${hex.slice(bestStart + bestLength).join(':')}`;
}

/** The entry in normal form, or null when it is no IPv4/IPv6 address or CIDR range. */
export function normalizeIpEntry(entry: string): string | null {
  const [address = '', prefix, ...extra] = entry.trim().split('/');
  if (extra.length > 0) return null;
  const v4 = parseIpv4(address);
  const v6 = v4 ? null : parseIpv6(address);
  if (!v4 && !v6) return null;
  const normal = v4 ? v4.join('.') : formatIpv6(v6 ?? []);
  if (prefix === undefined) return normal;
  const maxPrefix = v4 ? 32 : 128;
  if (!/^(0|[1-9]\d{0,2})$/.test(prefix) || Number(prefix) > maxPrefix) return null;
  return `${normal}/${prefix}`;
}
