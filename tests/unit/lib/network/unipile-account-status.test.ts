import { connectionStateOf } from '../../../../lib/network/unipile-account-status';

describe('connectionStateOf (Unipile account status messages)', () => {
  it.each(['OK', 'CREATION_SUCCESS', 'RECONNECTED', 'SYNC_SUCCESS'])('%s: the login works', (message) => {
    expect(connectionStateOf(message)).toBe('connected');
  });

  it.each(['CREDENTIALS', 'DELETED'])('%s: the login must be connected again', (message) => {
    expect(connectionStateOf(message)).toBe('disconnected');
  });

  it.each(['CONNECTING', 'ERROR', 'STOPPED'])('%s says nothing about the login', (message) => {
    expect(connectionStateOf(message)).toBeUndefined();
  });

  it.each(['', 'PERMISSIONS', 'SOMETHING_NEW', 'constructor', '__proto__', 'toString'])('%j, unknown, says nothing', (message) => {
    expect(connectionStateOf(message)).toBeUndefined();
  });

  it('reads a message whatever its case and surrounding spaces', () => {
    expect(connectionStateOf(' credentials ')).toBe('disconnected');
    expect(connectionStateOf('Ok')).toBe('connected');
  });
});
