import { normaliseProfileUrl, normalisePublicId, profilePublicId, profileUrlOf } from '../../../../../lib/network/model/profile-url';

describe('normaliseProfileUrl', () => {
  it.each([
    'https://www.linkedin.com/in/Jane-Doe/',
    'http://linkedin.com/in/jane-doe',
    'https://fr.linkedin.com/in/jane-doe?trk=abc#x',
    ' https://WWW.LINKEDIN.COM/in/JANE-DOE ',
  ])('normalises %s', (url) => {
    expect(normaliseProfileUrl(url)).toBe('https://www.linkedin.com/in/jane-doe');
  });

  it('keeps non-ASCII public ids, encoded', () => {
    const url = normaliseProfileUrl('https://www.linkedin.com/in/j%C3%A9r%C3%B4me-x/');

    expect(url).toBe('https://www.linkedin.com/in/j%C3%A9r%C3%B4me-x');
    expect(profilePublicId(url!)).toBe('jérôme-x');
  });

  it.each([
    'https://www.linkedin.com/company/acme/',
    'https://www.linkedin.com/in/',
    'https://www.linkedin.com/in/jane/details/',
    'https://linkedin.com.evil.example/in/jane-doe',
    'ftp://www.linkedin.com/in/jane-doe',
    'https://user:pw@www.linkedin.com/in/jane-doe',
    'jane-doe',
  ])('refuses %s', (url) => {
    expect(normaliseProfileUrl(url)).toBeUndefined();
  });
});

describe('normalisePublicId and profileUrlOf', () => {
  it('lower-cases a public id and refuses what cannot be one', () => {
    expect(normalisePublicId(' Jane-Doe_2 ')).toBe('jane-doe_2');
    expect(normalisePublicId('ab')).toBeUndefined();
    expect(normalisePublicId('jane/doe')).toBeUndefined();
  });

  it('builds the URL normaliseProfileUrl gives for the same person', () => {
    expect(profileUrlOf('jané-doe')).toBe(normaliseProfileUrl('http://fr.linkedin.com/in/Jan%C3%A9-Doe/?trk=x'));
  });
});
