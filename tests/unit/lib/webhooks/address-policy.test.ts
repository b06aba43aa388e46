import { blockedAddressReason, checkWebhookUrl } from '../../../../lib/webhooks/address-policy';

const strict = { allowLoopback: false };
const local = { allowLoopback: true };

describe('blockedAddressReason', () => {
  it.each([
    ['93.184.215.14'],
    ['8.8.8.8'],
    ['1.1.1.1'],
    ['172.15.255.255'],
    ['172.32.0.1'],
    ['100.63.255.255'],
    ['100.128.0.1'],
    ['169.253.255.255'],
    ['198.17.255.255'],
    ['198.20.0.1'],
    ['223.255.255.255'],
    ['2606:4700:4700::1111'],
    ['2001:4860:4860::8888'],
    ['::ffff:8.8.8.8'],
    ['::ffff:808:808'],
    ['64:ff9b::8.8.8.8'],
  ])('lets %s through', (address) => {
    expect(blockedAddressReason(address, strict)).toBeUndefined();
  });

  it.each([
    ['0.0.0.0', 'the unspecified address'],
    ['0.1.2.3', 'a reserved address'],
    ['10.0.0.5', 'a private address'],
    ['10.255.255.255', 'a private address'],
    ['100.64.0.1', 'a private address'],
    ['100.127.255.255', 'a private address'],
    ['127.0.0.1', 'a loopback address'],
    ['127.255.255.254', 'a loopback address'],
    ['169.254.0.1', 'a link-local address'],
    ['169.254.169.254', 'the cloud metadata address'],
    ['172.16.0.1', 'a private address'],
    ['172.31.255.255', 'a private address'],
    ['192.0.0.8', 'a reserved address'],
    ['192.0.2.1', 'a reserved address'],
    ['192.168.1.1', 'a private address'],
    ['198.18.0.1', 'a reserved address'],
    ['198.19.255.255', 'a reserved address'],
    ['198.51.100.7', 'a reserved address'],
    ['203.0.113.9', 'a reserved address'],
    ['224.0.0.1', 'a multicast address'],
    ['239.255.255.250', 'a multicast address'],
    ['240.0.0.1', 'a reserved address'],
    ['255.255.255.255', 'a reserved address'],
  ])('blocks IPv4 %s as %s', (address, reason) => {
    expect(blockedAddressReason(address, strict)).toBe(reason);
  });

  it.each([
    ['::', 'the unspecified address'],
    ['::1', 'a loopback address'],
    ['0:0:0:0:0:0:0:1', 'a loopback address'],
    ['fc00::1', 'a private address'],
    ['fd12:3456:789a::1', 'a private address'],
    ['fd00:ec2::254', 'the cloud metadata address'],
    ['FD00:EC2:0::254', 'the cloud metadata address'],
    ['fe80::1', 'a link-local address'],
    ['febf::1', 'a link-local address'],
    ['ff02::1', 'a multicast address'],
    ['2001:db8::1', 'a reserved address'],
    ['100::1', 'a reserved address'],
    ['fec0::1', 'a private address'],
    ['2001::1', 'a reserved address'],
    ['4000::1', 'a reserved address'],
    ['fe80::1%eth0', 'an IPv6 address with a zone id'],
    ['2606:4700::1%1', 'an IPv6 address with a zone id'],
  ])('blocks IPv6 %s as %s', (address, reason) => {
    expect(blockedAddressReason(address, strict)).toBe(reason);
  });

  it.each([
    ['::ffff:127.0.0.1', 'a loopback address'],
    ['::ffff:7f00:1', 'a loopback address'],
    ['0:0:0:0:0:ffff:7f00:1', 'a loopback address'],
    ['::ffff:169.254.169.254', 'the cloud metadata address'],
    ['::ffff:a9fe:a9fe', 'the cloud metadata address'],
    ['::ffff:10.0.0.5', 'a private address'],
    ['::ffff:0:10.0.0.5', 'a private address'],
    ['::127.0.0.1', 'a loopback address'],
    ['::7f00:1', 'a loopback address'],
    ['::192.168.0.1', 'a private address'],
    ['64:ff9b::127.0.0.1', 'a loopback address'],
    ['64:ff9b::a9fe:a9fe', 'the cloud metadata address'],
    ['64:ff9b::10.1.2.3', 'a private address'],
    ['2002:7f00:1::', 'a loopback address'],
    ['2002:a00:5::1', 'a private address'],
    ['::ffff:0.0.0.0', 'the unspecified address'],
  ])('judges %s by its embedded IPv4: %s', (address, reason) => {
    expect(blockedAddressReason(address, strict)).toBe(reason);
  });

  it.each([['127.0.0.1'], ['127.1.2.3'], ['::1'], ['::ffff:127.0.0.1']])('allows loopback %s in local mode', (address) => {
    expect(blockedAddressReason(address, local)).toBeUndefined();
  });

  it.each([['0.0.0.0'], ['10.0.0.5'], ['169.254.169.254'], ['::'], ['fd00:ec2::254'], ['192.168.1.1']])(
    'still blocks %s in local mode',
    (address) => {
      expect(blockedAddressReason(address, local)).toBeDefined();
    },
  );

  it.each([['example.com'], [''], ['127.1'], ['2130706433'], ['010.0.0.1'], ['[::1]'], ['1.2.3.4.5'], ['::ffff:1.2.3']])(
    'refuses %j as not an IP address',
    (address) => {
      expect(blockedAddressReason(address, strict)).toBe('not an IP address');
    },
  );
});

describe('checkWebhookUrl', () => {
  const publicLookup = jest.fn(async (_host: string) => ['93.184.215.14']);
  const lookupTo =
    (...addresses: string[]) =>
    async (_host: string) =>
      addresses;

  beforeEach(() => publicLookup.mockClear());

  it('accepts an https URL whose name resolves to public addresses', async () => {
    const result = await checkWebhookUrl('https://hooks.example.com/in?x=1', { allowHttpLocalhost: false, lookup: publicLookup });
    expect(result).toEqual({ ok: true, url: new URL('https://hooks.example.com/in?x=1') });
    expect(publicLookup).toHaveBeenCalledWith('hooks.example.com');
  });

  it('accepts a public IP literal without asking DNS', async () => {
    expect(await checkWebhookUrl('https://93.184.215.14:8443/h', { allowHttpLocalhost: false, lookup: publicLookup })).toMatchObject({
      ok: true,
    });
    expect(await checkWebhookUrl('https://[2606:4700::1]/h', { allowHttpLocalhost: false, lookup: publicLookup })).toMatchObject({
      ok: true,
    });
    expect(publicLookup).not.toHaveBeenCalled();
  });

  it.each([['not a url'], ['/relative/path'], ['hooks.example.com/in'], ['https://'], ['']])(
    'refuses %j as not an absolute URL',
    async (url) => {
      const result = await checkWebhookUrl(url, { allowHttpLocalhost: false, lookup: publicLookup });
      expect(result).toEqual({ ok: false, message: expect.stringContaining('not a valid absolute URL') });
    },
  );

  it('refuses a URL longer than 2048 characters', async () => {
    const base = 'https://hooks.example.com/';
    const atLimit = base + 'a'.repeat(2048 - base.length);
    expect(await checkWebhookUrl(atLimit, { allowHttpLocalhost: false, lookup: publicLookup })).toMatchObject({ ok: true });
    expect(await checkWebhookUrl(`${atLimit}a`, { allowHttpLocalhost: false, lookup: publicLookup })).toEqual({
      ok: false,
      message: expect.stringContaining('2048'),
    });
  });

  it.each([
    ['http://hooks.example.com/'],
    ['ftp://hooks.example.com/'],
    ['ws://hooks.example.com/'],
    ['javascript:alert(1)'],
    ['file:///etc/passwd'],
  ])('refuses %s: https only', async (url) => {
    const result = await checkWebhookUrl(url, { allowHttpLocalhost: false, lookup: publicLookup });
    expect(result).toEqual({ ok: false, message: expect.stringContaining('must use https') });
  });

  it('refuses http to a public host even in local mode', async () => {
    const result = await checkWebhookUrl('http://hooks.example.com/', { allowHttpLocalhost: true, lookup: publicLookup });
    expect(result).toEqual({ ok: false, message: expect.stringContaining('must use https') });
  });

  it.each([['http://localhost:4000/hook'], ['http://127.0.0.1:4000/hook'], ['http://[::1]:4000/hook'], ['http://127.1/']])(
    'accepts %s in local mode',
    async (url) => {
      const result = await checkWebhookUrl(url, { allowHttpLocalhost: true, lookup: lookupTo('127.0.0.1', '::1') });
      expect(result).toMatchObject({ ok: true });
    },
  );

  it.each([
    ['http://localhost:4000/hook'],
    ['http://127.0.0.1:4000/hook'],
    ['https://localhost/hook'],
    ['https://127.0.0.1/hook'],
    ['https://[::1]/'],
  ])('refuses %s outside local mode', async (url) => {
    const result = await checkWebhookUrl(url, { allowHttpLocalhost: false, lookup: lookupTo('127.0.0.1') });
    expect(result.ok).toBe(false);
  });

  it('refuses localhost in local mode when it resolves to a non-loopback address', async () => {
    const result = await checkWebhookUrl('http://localhost/', { allowHttpLocalhost: true, lookup: lookupTo('127.0.0.1', '10.0.0.5') });
    expect(result).toEqual({ ok: false, message: expect.stringContaining('10.0.0.5, a private address') });
  });

  it.each([['https://user:pass@hooks.example.com/'], ['https://user@hooks.example.com/'], ['https://:pass@hooks.example.com/']])(
    'refuses credentials in %s',
    async (url) => {
      const result = await checkWebhookUrl(url, { allowHttpLocalhost: false, lookup: publicLookup });
      expect(result).toEqual({ ok: false, message: expect.stringContaining('user name or password') });
    },
  );

  it.each([
    ['https://2130706433/', '127.0.0.1 is a loopback address'],
    ['https://0x7f.1/', '127.0.0.1 is a loopback address'],
    ['https://127.1/', '127.0.0.1 is a loopback address'],
    ['https://0177.0.0.1/', '127.0.0.1 is a loopback address'],
    ['https://0/', '0.0.0.0 is the unspecified address'],
    ['https://169.254.169.254/latest/meta-data/', '169.254.169.254 is the cloud metadata address'],
    ['https://[fd00:ec2::254]/', 'fd00:ec2::254 is the cloud metadata address'],
    ['https://[::ffff:127.0.0.1]/', '::ffff:7f00:1 is a loopback address'],
    ['https://[::ffff:a9fe:a9fe]/', '::ffff:a9fe:a9fe is the cloud metadata address'],
    ['https://[64:ff9b::10.0.0.1]/', 'is a private address'],
    ['https://10.0.0.5/', '10.0.0.5 is a private address'],
    ['https://[fe80::1]/', 'fe80::1 is a link-local address'],
  ])('refuses the IP literal in %s (%s)', async (url, message) => {
    const result = await checkWebhookUrl(url, { allowHttpLocalhost: false, lookup: publicLookup });
    expect(result).toEqual({ ok: false, message: expect.stringContaining(message) });
    expect(publicLookup).not.toHaveBeenCalled();
  });

  it.each([
    ['https://localhost/'],
    ['https://LOCALHOST./'],
    ['https://app.localhost/'],
    ['https://metadata.google.internal/'],
    ['https://db.internal/'],
    ['https://intranet/'],
  ])('refuses %s by name, before DNS', async (url) => {
    const result = await checkWebhookUrl(url, { allowHttpLocalhost: false, lookup: publicLookup });
    expect(result).toEqual({ ok: false, message: expect.stringContaining('not a public domain name') });
    expect(publicLookup).not.toHaveBeenCalled();
  });

  it.each([
    ['127.0.0.1', 'a loopback address'],
    ['10.0.0.5', 'a private address'],
    ['169.254.169.254', 'the cloud metadata address'],
    ['::ffff:192.168.0.1', 'a private address'],
    ['fc00::5', 'a private address'],
  ])('refuses a name that resolves to %s', async (address, reason) => {
    const result = await checkWebhookUrl('https://rebind.example.com/', { allowHttpLocalhost: false, lookup: lookupTo(address) });
    expect(result).toEqual({
      ok: false,
      message: `The webhook URL's host rebind.example.com resolves to ${address}, ${reason}; webhooks are only sent to public addresses.`,
    });
  });

  it('refuses a name when any one of its addresses is blocked', async () => {
    const result = await checkWebhookUrl('https://mixed.example.com/', {
      allowHttpLocalhost: false,
      lookup: lookupTo('93.184.215.14', '2606:4700::1', '10.0.0.5'),
    });
    expect(result).toEqual({ ok: false, message: expect.stringContaining('10.0.0.5') });
  });

  it('refuses a name that does not resolve', async () => {
    const failing = async (): Promise<string[]> => {
      throw Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' });
    };
    expect(await checkWebhookUrl('https://nope.example.com/', { allowHttpLocalhost: false, lookup: failing })).toEqual({
      ok: false,
      message: expect.stringContaining('does not resolve'),
    });
    expect(await checkWebhookUrl('https://empty.example.com/', { allowHttpLocalhost: false, lookup: lookupTo() })).toEqual({
      ok: false,
      message: expect.stringContaining('does not resolve'),
    });
  });

  // A new user tried docs/webhooks.md's example against npm start and got only "does not resolve".
  it('says, on the local stack only, that a localhost receiver is the way', async () => {
    const local = await checkWebhookUrl('https://crm.example.com/hooks', { allowHttpLocalhost: true, lookup: lookupTo() });
    const deployed = await checkWebhookUrl('https://crm.example.com/hooks', { allowHttpLocalhost: false, lookup: lookupTo() });

    expect(local).toEqual({ ok: false, message: expect.stringContaining('http://localhost:<port>/') });
    expect(deployed).toEqual({ ok: false, message: expect.not.stringContaining('localhost') });
  });

  it('uses the system resolver by default', async () => {
    // .invalid never resolves (RFC 6761), so this needs no network.
    const result = await checkWebhookUrl('https://webhooks.invalid/', { allowHttpLocalhost: false });
    expect(result).toEqual({ ok: false, message: expect.stringContaining('does not resolve') });
    const localhost = await checkWebhookUrl('http://localhost:9/', { allowHttpLocalhost: true });
    expect(localhost).toMatchObject({ ok: true });
  });
});
