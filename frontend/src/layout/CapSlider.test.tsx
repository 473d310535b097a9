import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useCap } from '../cap/useCap';
import { currentUrl, renderWithRouter } from '../test/render';
import { CapSlider } from './CapSlider';

function SliderAtUrl({ latest }: { latest: number }) {
  const { cap, setCap } = useCap(latest);
  return <CapSlider cap={cap} latest={latest} onChange={setCap} />;
}

describe('CapSlider', () => {
  it('says where the reader is', () => {
    renderWithRouter(<SliderAtUrl latest={12} />, { url: '/novels/n/characters?cap=7' });
    expect(screen.getByText(/Reading as of chapter/)).toHaveTextContent('Reading as of chapter 7 of 12');
    const slider = screen.getByRole('slider', { name: /Reading as of chapter 7 of 12/ });
    expect(slider).toHaveValue('7');
    expect(slider).toHaveAttribute('min', '1');
    expect(slider).toHaveAttribute('max', '12');
    expect(slider).toHaveAttribute('aria-valuetext', 'Chapter 7 of 12');
    expect(screen.getByText(/5 later chapters are hidden/)).toBeInTheDocument();
  });

  it('writes ?cap when it is moved', () => {
    renderWithRouter(<SliderAtUrl latest={12} />, { url: '/novels/n/characters' });
    expect(screen.getByRole('slider')).toHaveValue('12');
    fireEvent.change(screen.getByRole('slider'), { target: { value: '3' } });
    expect(currentUrl().searchParams.get('cap')).toBe('3');
    expect(currentUrl().pathname).toBe('/novels/n/characters');
    expect(screen.getByRole('slider')).toHaveValue('3');
    expect(screen.getByText(/Reading as of chapter/)).toHaveTextContent('Reading as of chapter 3 of 12');
  });

  it('steps one chapter with the buttons and shows all with one click', async () => {
    const user = userEvent.setup();
    renderWithRouter(<SliderAtUrl latest={4} />, { url: '/n?cap=2' });
    await user.click(screen.getByRole('button', { name: 'Next chapter' }));
    expect(currentUrl().searchParams.get('cap')).toBe('3');
    await user.click(screen.getByRole('button', { name: 'Previous chapter' }));
    await user.click(screen.getByRole('button', { name: 'Previous chapter' }));
    expect(currentUrl().searchParams.get('cap')).toBe('1');
    expect(screen.getByRole('button', { name: 'Previous chapter' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Show all' }));
    expect(currentUrl().searchParams.get('cap')).toBe('4');
    expect(screen.getByText('Nothing is hidden.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next chapter' })).toBeDisabled();
  });

  it('is reachable with the keyboard', async () => {
    const user = userEvent.setup();
    renderWithRouter(<SliderAtUrl latest={4} />, { url: '/n?cap=2' });
    await user.tab();
    expect(screen.getByRole('button', { name: 'Previous chapter' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('slider')).toHaveFocus();
  });
});
