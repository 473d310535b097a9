import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ChapterText, toParagraphs } from './ChapterText';

describe('ChapterText', () => {
  it('makes paragraphs at blank lines and joins wrapped lines', () => {
    expect(toParagraphs('It is a truth\nuniversally acknowledged.\r\n\r\n  \n“My dear Mr. Bennet,”\nsaid his lady.\n')).toEqual([
      'It is a truth universally acknowledged.',
      '“My dear Mr. Bennet,” said his lady.',
    ]);
  });

  it('renders markup in the text as text', () => {
    const { container } = render(<ChapterText text={'<script>alert(1)</script>\n\n<b>bold</b>'} />);
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('b')).toBeNull();
    expect(screen.getByText('<b>bold</b>')).toBeInTheDocument();
  });
});
