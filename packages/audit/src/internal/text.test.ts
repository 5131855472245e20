import { describe, expect, it } from 'vitest';
import { caseClass, oddOneOut, tokenize, uniqueExtreme } from './text.js';

describe('text features', () => {
  it('tokenizes to lower-case words, keeping duplicates', () => {
    expect(tokenize('Vokari.lumen = Trasek, trasek!')).toEqual(['vokari', 'lumen', 'trasek', 'trasek']);
    expect(tokenize('  ')).toEqual([]);
  });

  it('keeps contractions whole, as written and as Penn-Treebank tokenisers split them', () => {
    expect(tokenize("I can't, don't and won’t")).toEqual(['i', "can't", "don't", 'and', "won't"]);
    expect(tokenize("It does n't work ; he 's here , they 're")).toEqual(['it', 'does', "n't", 'work', 'he', "'s", 'here', 'they', "'re"]);
    expect(tokenize("'quoted' words' ends at 5 o'clock")).toEqual(['quoted', 'words', 'ends', 'at', '5', "o'clock"]);
  });

  it('classifies capitalisation', () => {
    expect(caseClass('trasek')).toBe('lower');
    expect(caseClass('Trasek')).toBe('title');
    expect(caseClass('Trasek Vokari')).toBe('title');
    expect(caseClass('TRASEK')).toBe('upper');
    expect(caseClass('traSek')).toBe('mixed');
    expect(caseClass('Trasek vokari')).toBe('mixed');
    expect(caseClass('1234')).toBe('none');
    expect(caseClass('A')).toBe('title');
  });

  it('finds a unique extreme and abstains on ties', () => {
    expect(uniqueExtreme([3, 7, 5], 'max')).toBe(1);
    expect(uniqueExtreme([3, 7, 7], 'max')).toBe(-1);
    expect(uniqueExtreme([3, 7, 5], 'min')).toBe(0);
    expect(uniqueExtreme([2, 2, 5], 'min')).toBe(-1);
  });

  it('finds the odd one out only when all others agree', () => {
    expect(oddOneOut(['a', 'a', 'b', 'a'])).toBe(2);
    expect(oddOneOut(['b', 'a', 'a', 'a'])).toBe(0);
    expect(oddOneOut(['a', 'b', 'c', 'a'])).toBe(-1);
    expect(oddOneOut(['a', 'a', 'a'])).toBe(-1);
    expect(oddOneOut(['a', 'b'])).toBe(-1); // two entries: nobody is "the others"
  });
});
