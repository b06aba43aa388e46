import { accountPatchSchema } from '../../../../lib/schemas/account-patch';
import { validate } from '../../../../lib/schemas/validate';
import { fieldErrorsOf } from './field-errors';

const ianaMessage = 'must be an IANA timezone such as Europe/Paris';

describe('PATCH /api/v1/accounts/{accountId} body', () => {
  it('takes any of its fields, nulls going back to the workspace', () => {
    const body = {
      mode: 'ask',
      timezone: 'America/New_York',
      workingHours: { start: '08:00', end: '24:00', days: [1, 2, 3] },
      limits: { daily: { reactions: 40, invitations: null }, weeklyInvitations: 80 },
      paused: true,
    };

    expect(validate(accountPatchSchema, body)).toEqual(body);
    expect(validate(accountPatchSchema, { workingHours: null, limits: null })).toEqual({ workingHours: null, limits: null });
    expect(validate(accountPatchSchema, { limits: { daily: null, weeklyInvitations: null } })).toEqual({
      limits: { daily: null, weeklyInvitations: null },
    });
  });

  it('must change something', () => {
    expect(fieldErrorsOf(accountPatchSchema, {})).toEqual([
      { path: '', message: 'must change at least one of mode, timezone, workingHours, limits, paused, ownerEmail' },
    ]);
    expect(fieldErrorsOf(accountPatchSchema, [])).toEqual([{ path: '', message: 'the body must be a JSON object, not an array' }]);
  });

  it.each(['Mars/Olympus', '+01:00', 'UTC+1', '', 'Europe/Paris '])('refuses the timezone %j, naming it', (timezone) => {
    expect(fieldErrorsOf(accountPatchSchema, { timezone })).toEqual([{ path: 'timezone', message: ianaMessage }]);
  });

  it('names every bad field, unknown ones too', () => {
    expect(
      fieldErrorsOf(accountPatchSchema, {
        mode: 'manual',
        timezone: 7,
        workingHours: { start: '18:00', end: '09:00', days: [1] },
        limits: { daily: { likes: 3, comments: -1, visits: 1001, messages: 2.5 }, monthly: 3 },
        paused: 'yes',
        status: 'paused',
      }),
    ).toEqual([
      { path: 'mode', message: 'must be autopilot or ask' },
      { path: 'timezone', message: 'must be a string: an IANA timezone such as Europe/Paris' },
      { path: 'workingHours.end', message: 'start must be before end' },
      { path: 'limits.daily.comments', message: 'Too small: expected number to be >=0' },
      { path: 'limits.daily.messages', message: 'Invalid input: expected int, received number' },
      { path: 'limits.daily.visits', message: 'Too big: expected number to be <=1000' },
      { path: 'limits.daily.likes', message: 'is not a known field' },
      { path: 'limits.monthly', message: 'is not a known field' },
      { path: 'paused', message: 'must be true or false' },
      { path: 'status', message: 'is not a known field' },
    ]);
  });
});
