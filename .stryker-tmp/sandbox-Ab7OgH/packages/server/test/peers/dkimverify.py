#!/usr/bin/python3
"""DKIM-verifies one message (stdin) with Debian's python3-dkim (the library behind `dkimverify`), asking
only the DNS server given as HOST:PORT (the tests' loopback server), never the system's resolvers.
Prints 'signature ok' and exits 0, or prints the reason and exits 1."""
import sys

import dkim
import dns.resolver

host, port = sys.argv[1].rsplit(':', 1)
resolver = dns.resolver.Resolver(configure=False)
resolver.nameservers = [host]
resolver.port = int(port)
resolver.timeout = resolver.lifetime = 5


def dnsfunc(name, timeout=5):
    name = name.decode() if isinstance(name, bytes) else name
    try:
        answer = resolver.resolve(name, 'TXT')
    except (dns.resolver.NXDOMAIN, dns.resolver.NoAnswer):
        return None
    return b''.join(b''.join(r.strings) for r in answer[:1])


message = sys.stdin.buffer.read()
verifier = dkim.DKIM(message)
try:
    ok = verifier.verify(dnsfunc=dnsfunc)
except dkim.DKIMException as e:
    print(f'signature error: {e}')
    sys.exit(1)
if ok:
    print('signature ok: d=%s s=%s h=%s' % (
        verifier.domain.decode(), verifier.selector.decode(),
        b':'.join(verifier.include_headers).decode()))
    sys.exit(0)
print('signature wrong' if verifier.signature_fields else 'no signature')
sys.exit(1)
