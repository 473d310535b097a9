import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { currentUrl, renderWithRouter } from '../test/render';
import { CapLink, CapNavLink } from './CapLink';

describe('CapLink', () => {
  it('keeps the cap of the current page', () => {
    renderWithRouter(<CapLink to="/novels/n/entities/e1">Darcy</CapLink>, { url: '/novels/n/characters?cap=4' });
    expect(screen.getByRole('link', { name: 'Darcy' })).toHaveAttribute('href', '/novels/n/entities/e1?cap=4');
  });

  it('adds nothing when the page has no cap (the latest chapter)', () => {
    renderWithRouter(<CapLink to="/novels/n/chapters">Chapters</CapLink>, { url: '/novels/n' });
    expect(screen.getByRole('link', { name: 'Chapters' })).toHaveAttribute('href', '/novels/n/chapters');
  });

  it('navigates with the cap', async () => {
    const user = userEvent.setup();
    renderWithRouter(<CapLink to="/novels/n/chapters/2">Chapter 2</CapLink>, { url: '/novels/n/chapters?cap=3' });
    await user.click(screen.getByRole('link', { name: 'Chapter 2' }));
    expect(currentUrl().pathname).toBe('/novels/n/chapters/2');
    expect(currentUrl().searchParams.get('cap')).toBe('3');
  });

  it('keeps the cap in navigation links and marks the current page', () => {
    renderWithRouter(
      <nav>
        <CapNavLink to="/novels/n/characters">Characters</CapNavLink>
        <CapNavLink to="/novels/n/locations">Locations</CapNavLink>
      </nav>,
      { url: '/novels/n/characters?cap=2' },
    );
    expect(screen.getByRole('link', { name: 'Characters' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Locations' })).toHaveAttribute('href', '/novels/n/locations?cap=2');
    expect(screen.getByRole('link', { name: 'Locations' })).not.toHaveAttribute('aria-current');
  });
});
