import {
  assignSides,
  matchParticipant,
  sideOfEmail,
  sideOfSpeakerType,
  type DraftSegment,
} from '../../../../lib/transcripts/speaker-sides';

describe('speaker sides', () => {
  describe('sideOfEmail', () => {
    it.each([
      ['jane@acme.com', ['acme.com'], 'internal'],
      ['jane@eu.acme.com', ['acme.com'], 'internal'],
      ['Jane@ACME.com', ['Acme.com'], 'internal'],
      ['bob@customer.com', ['acme.com'], 'external'],
      ['bob@notacme.com', ['acme.com'], 'external'],
      ['bob@customer.com', ['acme.com', 'customer.com'], 'internal'],
      ['bob@customer.com', [], 'unknown'],
    ] as const)('%s with domains %j is %s', (email, domains, side) => {
      expect(sideOfEmail(email, domains)).toBe(side);
    });
  });

  describe('sideOfSpeakerType', () => {
    it.each([
      ['internal', 'internal'],
      ['External', 'external'],
      [' INTERNAL ', 'internal'],
      ['host', undefined],
      ['internal team', undefined],
    ] as const)('reads %j as %s', (type, side) => {
      expect(sideOfSpeakerType(type)).toBe(side);
    });
  });

  describe('matchParticipant', () => {
    it.each([
      'jane.doe@x.example',
      'janedoe@x.example',
      'jane@x.example',
      'jdoe@x.example',
      'j.doe@x.example',
      'doe.jane@x.example',
      'jane_doe+crm@x.example',
    ])('matches Jane Doe to %s', (email) => {
      expect(matchParticipant('Jane Doe', [email, 'bob@x.example'])).toBe(email);
    });

    it.each([
      ['Adebayo Okonkwo', 'ade.okonkwo@x.example'],
      ['Christopher Lee', 'chris_lee@x.example'],
      ['Alexandra Maria Costa', 'alex.costa@x.example'],
    ])('matches %s, known by a short first name, to %s', (name, email) => {
      expect(matchParticipant(name, [email, 'bob@x.example'])).toBe(email);
    });

    it('matches no short first name under three letters, nor one that is not the start of the first name', () => {
      expect(matchParticipant('Adebayo Okonkwo', ['ad.okonkwo@x.example'])).toBeUndefined();
      expect(matchParticipant('Adebayo Okonkwo', ['bayo.okonkwo@x.example'])).toBeUndefined();
    });

    it('matches accents and case aside', () => {
      expect(matchParticipant('José Álvarez', ['jose.alvarez@x.example'])).toBe('jose.alvarez@x.example');
    });

    it('matches no one when two participants match', () => {
      expect(matchParticipant('Jane Doe', ['jane@acme.example', 'jane.doe@customer.example'])).toBeUndefined();
    });

    it('matches no one when no participant matches', () => {
      expect(matchParticipant('Jane Doe', ['bob@x.example', 'jd@x.example'])).toBeUndefined();
    });
  });

  describe('assignSides', () => {
    const domains = ['acme.example'];

    it('takes the type when a segment object gives one, whatever the email says', () => {
      const drafts: DraftSegment[] = [{ speaker: 'Jane', type: 'external', email: 'jane@acme.example', text: 'Hi.' }];

      expect(assignSides(drafts, [], domains)).toEqual([{ speaker: 'Jane', email: 'jane@acme.example', side: 'external', text: 'Hi.' }]);
    });

    it('reads a type other than internal or external as none: the email decides, else the side is unknown', () => {
      const drafts: DraftSegment[] = [
        { speaker: 'Sam', type: 'host', email: 'sam@acme.example', text: 'Welcome.' },
        { speaker: 'Bob Stone', type: 'guest', text: 'Thanks.' },
        { speaker: 'Speaker 3', type: 'host', text: 'Hi.' },
      ];

      expect(assignSides(drafts, ['bob.stone@customer.example'], domains).map((segment) => [segment.speaker, segment.side])).toEqual([
        ['Sam', 'internal'],
        ['Bob Stone', 'external'],
        ['Speaker 3', 'unknown'],
      ]);
    });

    it('takes internal and external whatever their case, and the first type of a speaker that states a side', () => {
      const drafts: DraftSegment[] = [
        { speaker: 'Jane', type: 'host', text: 'One.' },
        { speaker: 'Jane', type: 'EXTERNAL', text: 'Two.' },
        { speaker: 'Jane', type: 'internal', text: 'Three.' },
      ];

      expect(assignSides(drafts, [], domains).map((segment) => segment.side)).toEqual(['external', 'external', 'external']);
    });

    it('gives every segment of a speaker the type one of its segments carries', () => {
      const drafts: DraftSegment[] = [
        { speaker: 'Bob', text: 'One.' },
        { speaker: 'Bob', type: 'external', text: 'Two.' },
      ];

      expect(assignSides(drafts, [], []).map((segment) => segment.side)).toEqual(['external', 'external']);
    });

    it('tells the side from a given email and the workspace’s domains, subdomains included', () => {
      const drafts: DraftSegment[] = [
        { speaker: 'Jane', email: 'jane@eu.acme.example', text: 'Hi.' },
        { speaker: 'Bob', email: 'bob@customer.example', text: 'Hello.' },
      ];

      expect(assignSides(drafts, [], domains).map((segment) => segment.side)).toEqual(['internal', 'external']);
    });

    it('finds a speaker’s email among the participants by its name', () => {
      const drafts: DraftSegment[] = [{ speaker: 'Jane Doe', text: 'Hi.' }];

      expect(assignSides(drafts, ['jdoe@acme.example', 'bob@customer.example'], domains)).toEqual([
        { speaker: 'Jane Doe', email: 'jdoe@acme.example', side: 'internal', text: 'Hi.' },
      ]);
    });

    it('leaves the side unknown when the name matches two participants', () => {
      const drafts: DraftSegment[] = [{ speaker: 'Jane Doe', text: 'Hi.' }];

      expect(assignSides(drafts, ['jane@acme.example', 'jane.doe@customer.example'], domains)).toEqual([
        { speaker: 'Jane Doe', side: 'unknown', text: 'Hi.' },
      ]);
    });

    it('does not match a participant that another speaker gave as its own email', () => {
      const drafts: DraftSegment[] = [
        { speaker: 'Jane Doe', email: 'jane@acme.example', text: 'Hi.' },
        { speaker: 'Jane Smith', text: 'Hello.' },
      ];

      expect(assignSides(drafts, ['jane@acme.example', 'jane@customer.example'], domains)[1]).toEqual({
        speaker: 'Jane Smith',
        email: 'jane@customer.example',
        side: 'external',
        text: 'Hello.',
      });
    });

    it('leaves the side unknown without domains, even with an email', () => {
      const drafts: DraftSegment[] = [{ speaker: 'Jane', email: 'jane@acme.example', text: 'Hi.' }];

      expect(assignSides(drafts, [], [])[0]?.side).toBe('unknown');
    });

    it('leaves the side unknown for a speaker with no type, no email and no participant, and for unnamed segments', () => {
      const drafts: DraftSegment[] = [{ speaker: 'Speaker 1', text: 'Hi.' }, { text: 'Hello.' }];

      expect(assignSides(drafts, ['bob@customer.example'], domains)).toEqual([
        { speaker: 'Speaker 1', side: 'unknown', text: 'Hi.' },
        { side: 'unknown', text: 'Hello.' },
      ]);
    });

    it('takes a speaker named by an email address as having that email', () => {
      const drafts: DraftSegment[] = [{ speaker: 'bob@customer.example', text: 'Hi.' }];

      expect(assignSides(drafts, [], domains)[0]).toEqual({
        speaker: 'bob@customer.example',
        email: 'bob@customer.example',
        side: 'external',
        text: 'Hi.',
      });
    });
  });
});
