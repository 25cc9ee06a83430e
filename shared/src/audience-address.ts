/**
 * Who can open an audience link: 'loopback' only the computer it was made on (localhost,
 * 127.0.0.0/8, ::1), 'private' only devices on the same local network (10/8, 172.16/12,
 * 192.168/16, link-local, fc00::/7, .local and single-label names), 'public' anyone (or a link
 * this cannot read, about which it says nothing). The dashboard's link is the address the
 * musician's browser used unless PUBLIC_URL is set, so a QR code made on a laptop at
 * http://127.0.0.1 would print a code no phone can open.
 */
export type AddressReach = 'loopback' | 'private' | 'public';

function ipv4Reach(host: string): AddressReach | undefined {
  const parts = host.split('.');
  if (parts.length !== 4 || !parts.every((part) => /^\d{1,3}$/.test(part))) return undefined;
  const [a, b] = parts.map(Number) as [number, number];
  if (a === 127 || a === 0) return 'loopback';
  if (a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168)) return 'private';
  if (a === 169 && b === 254) return 'private';
  return 'public';
}

function ipv6Reach(host: string): AddressReach {
  const address = host.slice(1, -1).toLowerCase();
  if (address === '::1' || address === '::') return 'loopback';
  // fc00::/7 (unique local) and fe80::/10 (link-local).
  if (/^f[cd][0-9a-f]{0,2}:/.test(address) || /^fe[89ab][0-9a-f]?:/.test(address)) {
    return 'private';
  }
  return 'public';
}

export function addressReach(link: string): AddressReach {
  let host: string;
  try {
    host = new URL(link).hostname.toLowerCase();
  } catch {
    return 'public';
  }
  if (host.startsWith('[')) return ipv6Reach(host);
  const ipv4 = ipv4Reach(host);
  if (ipv4) return ipv4;
  if (host === 'localhost' || host.endsWith('.localhost')) return 'loopback';
  if (host.endsWith('.local') || !host.includes('.')) return 'private';
  return 'public';
}
