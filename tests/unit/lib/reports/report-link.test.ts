import { recordingLinkAt, recordingTakesTime } from '../../../../lib/reports/recording-link';
import { reportLinkExpiry, reportLinkOf, reportPagePath, transcriptReportLocation } from '../../../../lib/reports/report-link';
import { verifyReportToken } from '../../../../lib/reports/report-token';

const settings = { secret: 'test-report-link-secret', publicBaseUrl: 'https://api.example.com/', lifetimeSeconds: 30 * 86_400 };
const analysed = { workspaceId: 'acme', callId: 'gong-7781', status: 'analysed' };
const now = new Date('2026-11-20T15:20:00.000Z');

describe('report links', () => {
  it('expire their lifetime after the next whole hour, so one hour gives one link', () => {
    expect(reportLinkExpiry(now, 30 * 86_400).toISOString()).toBe('2026-12-20T16:00:00.000Z');
    expect(reportLinkExpiry(new Date('2026-11-20T16:00:00.000Z'), 60).toISOString()).toBe('2026-11-20T16:01:00.000Z');
    expect(reportLinkOf(settings, analysed, now)).toBe(reportLinkOf(settings, analysed, new Date('2026-11-20T15:59:59.999Z')));
    expect(reportLinkOf(settings, analysed, now)).not.toBe(reportLinkOf(settings, analysed, new Date('2026-11-20T16:00:00.001Z')));
  });

  it("are the report page's absolute address, whose token names the workspace's call", () => {
    const link = reportLinkOf(settings, analysed, now)!;

    expect(link).toMatch(/^https:\/\/api\.example\.com\/reports\/r1\.[\w-]+\.[\w-]{43}$/);
    const token = link.slice('https://api.example.com/reports/'.length);
    expect(reportPagePath(token)).toBe(`/reports/${token}`);
    expect(verifyReportToken(settings.secret, token, now)).toEqual({
      ok: true,
      grant: { workspaceId: 'acme', callId: 'gong-7781', expiresAt: new Date('2026-12-20T16:00:00.000Z') },
    });
    expect(reportLinkOf({ ...settings, publicBaseUrl: '' }, analysed, now)).toBe(`/reports/${token}`);
  });

  it('are given only for an analysed transcript, and only while the secret is set', () => {
    for (const status of ['queued', 'analysing', 'failed']) expect(reportLinkOf(settings, { ...analysed, status }, now)).toBeUndefined();
    expect(reportLinkOf({ ...settings, secret: '' }, analysed, now)).toBeUndefined();
  });

  it('have an api-key twin under the transcript', () => {
    expect(transcriptReportLocation('gong-7781')).toBe('/api/v1/transcript/gong-7781/report');
  });
});

describe('recording links', () => {
  it('open an http(s) recording at a moment with a media fragment, in whole seconds', () => {
    expect(recordingLinkAt('https://calls.example.com/r/7781', 600.85)).toBe('https://calls.example.com/r/7781#t=600');
    expect(recordingLinkAt('http://calls.example.com/r/7781?x=1', 0)).toBe('http://calls.example.com/r/7781?x=1#t=0');
    expect(recordingLinkAt('https://calls.example.com/r/7781#', 12.2)).toBe('https://calls.example.com/r/7781#t=12');
    expect(recordingTakesTime('https://calls.example.com/r/7781')).toBe(true);
  });

  it('keep a fragment the URL already has (the page may route by it): the recording, at its start', () => {
    expect(recordingLinkAt('https://app.example.com/#/calls/7781', 600)).toBe('https://app.example.com/#/calls/7781');
    expect(recordingTakesTime('https://app.example.com/#/calls/7781')).toBe(false);
  });

  it('are no link at all for anything but http(s)', () => {
    for (const url of ['javascript:alert(1)', 'data:text/html,x', 'ftp://calls.example.com/r', '/r/7781', 'not a url']) {
      expect(recordingLinkAt(url, 10)).toBeUndefined();
      expect(recordingTakesTime(url)).toBe(false);
    }
  });

  it('without a moment are the recording itself', () => {
    expect(recordingLinkAt('https://calls.example.com/r/7781', undefined)).toBe('https://calls.example.com/r/7781');
  });
});
