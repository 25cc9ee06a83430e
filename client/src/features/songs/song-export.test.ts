import { describe, expect, it } from 'vitest';
import { makeSong } from '#client-test/song-factory.ts';
import { exportFileName, songsToCsv } from './song-export.ts';

describe('songsToCsv', () => {
  it('writes the header and one line per song', () => {
    const csv = songsToCsv([
      makeSong({
        title: 'Wonderwall',
        artist: 'Oasis',
        genres: ['Britpop', 'Rock'],
        moods: ['Nostalgic'],
        year: 1995,
        notes: 'capo 2',
        songwriter: 'Noel Gallagher',
        duration_seconds: 258,
      }),
      makeSong({ title: 'Untagged', artist: 'Nobody', songwriter: '' }),
    ]);
    expect(csv).toBe(
      'Title,Artist,Genre,Mood,Year,Notes,Songwriter,Duration\r\n' +
        'Wonderwall,Oasis,"Britpop, Rock",Nostalgic,1995,capo 2,Noel Gallagher,4:18\r\n' +
        'Untagged,Nobody,,,,,,\r\n',
    );
  });

  it('quotes commas, quotes and line breaks, and defuses formulas', () => {
    const csv = songsToCsv([
      makeSong({
        title: 'Say "Hello"',
        artist: 'A, B',
        notes: 'line 1\nline 2',
        songwriter: 'Lennon, McCartney',
      }),
      makeSong({ title: '=SUM(A1)', artist: '@me', songwriter: '-x' }),
    ]);
    const lines = csv.split('\r\n');
    expect(lines[1]).toBe('"Say ""Hello""","A, B",,,,"line 1\nline 2","Lennon, McCartney",');
    expect(lines[2]).toBe("'=SUM(A1),'@me,,,,,'-x,");
  });

  it('writes just the header for no songs', () => {
    expect(songsToCsv([])).toBe('Title,Artist,Genre,Mood,Year,Notes,Songwriter,Duration\r\n');
  });
});

describe('exportFileName', () => {
  it('carries the date', () => {
    expect(exportFileName(new Date('2025-03-04T12:00:00Z'))).toBe('my-songs-2025-03-04.csv');
  });
});
