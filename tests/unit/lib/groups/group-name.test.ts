import { NotFoundError, ValidationError } from '../../../../lib/errors';
import { groupNameFromPath } from '../../../../lib/groups/group-name';

function refusal(raw: string | undefined, use: 'read' | 'create') {
  try {
    groupNameFromPath(raw, use);
  } catch (error) {
    return error;
  }
  throw new Error(`expected ${JSON.stringify(raw)} to be refused`);
}

describe('groupNameFromPath', () => {
  it('takes the name as the platform hands it over (decoded once), trimmed, and never decodes it again', () => {
    expect(groupNameFromPath('Sales EMEA', 'read')).toBe('Sales EMEA');
    expect(groupNameFromPath(' été ', 'create')).toBe('été');
    expect(groupNameFromPath('50%25 off', 'read')).toBe('50%25 off');
    expect(groupNameFromPath('a/b', 'read')).toBe('a/b');
  });

  it.each([[''], ['   '], ['x'.repeat(101)], ['tab\there'], ['\ud800'], [undefined]])(
    'a name no group can have (%j) is a 404 where it is read',
    (raw) => {
      expect(refusal(raw, 'read')).toBeInstanceOf(NotFoundError);
    },
  );

  it('is a 400 naming path.name where a PUT would create it', () => {
    const error = refusal('x'.repeat(101), 'create') as ValidationError;

    expect(error).toBeInstanceOf(ValidationError);
    expect(error.errors).toEqual([{ path: 'path.name', message: 'must be at most 100 characters' }]);
    expect((refusal('  ', 'create') as ValidationError).errors).toEqual([{ path: 'path.name', message: 'must not be empty' }]);
  });
});
