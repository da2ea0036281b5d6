import { describe, expect, it } from 'vitest';
import { summaryCsv } from '../../engine/output/csv';
import { findPreset } from '../../presets/catalog';
import { compareWithPaper, findTable } from '../../presets/paper-tables';
import { jobKey, matchesPresetUpToVariants, parseSummaryCsv, RunBook, runSummary, summarySignature, tableJobs } from './paper-runs';

describe('paper vs ours: the runs a table needs', () => {
  it('one run per row preset and column variant', () => {
    const jobs = tableJobs(findTable('000-IV')!);
    expect(jobs).toHaveLength(25);
    expect(jobs.map((j) => j.key)).toContain('p000-ee-1800|tcp=tahoe,udp=');
    expect(new Set(jobs.map((j) => j.key)).size).toBe(25);
    // Table 4 of paper 003: its columns are flows, each row one preset as it is.
    expect(tableJobs(findTable('003-4')!).map((j) => j.presetId)).toHaveLength(10);
    // Table 1 of paper 002: five measures per preset, still one run per preset and variant.
    expect(tableJobs(findTable('002-1')!)).toHaveLength(9);
  });

  it('a run of a job fills its cell, and a summary read back from summary.csv fills it the same way', () => {
    const job = tableJobs(findTable('004-2')!).find((j) => j.key === 'p004-loss-2|ftp=sack')!;
    const summary = runSummary(job.input);
    expect(summarySignature(summary)).toBe('ftp=sack');
    expect(jobKey(job.presetId, job.input)).toBe(`${job.presetId}|${summarySignature(summary)}`);
    const book = new RunBook();
    book.add(job.presetId, summary);
    expect(book.has(job.key)).toBe(true);
    const row = compareWithPaper('004-2', book.all()).find((r) => r.presets.includes('p004-loss-2'))!;
    const cell = row.cells.find((c) => c.column === 'SACK')!;
    expect(cell.paper).toBe(19.25);
    expect(cell.ours).toBeCloseTo(summary[0].completion_s!, 9);
    expect(row.cells.find((c) => c.column === 'Reno')!.ours).toBeNull();

    const back = parseSummaryCsv(summaryCsv({ summary }));
    expect(back[0]).toMatchObject({ flow: 'ftp', variant: 'sack' });
    expect(back[0].completion_s).toBeCloseTo(summary[0].completion_s!, 2);
    expect(back[0].throughput_kbps).toBeCloseTo(summary[0].throughput_kbps, 2);
  });

  it('a scenario counts as the preset when only its flows’ variants differ', () => {
    const preset = findPreset('p000-ee-400')!;
    const variant = JSON.parse(JSON.stringify(preset.scenario));
    variant.flows[0].variant = 'vegas';
    expect(matchesPresetUpToVariants(variant, preset.scenario)).toBe(true);
    const edited = JSON.parse(JSON.stringify(preset.scenario));
    edited.links[0].delay = '5ms';
    expect(matchesPresetUpToVariants(edited, preset.scenario)).toBe(false);
  });
});
