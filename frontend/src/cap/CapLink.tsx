import { forwardRef } from 'react';
import { Link, NavLink, type LinkProps, type NavLinkProps } from 'react-router';
import { withCap } from './cap';
import { useCapParam } from './useCap';

type CapLinkProps = Omit<LinkProps, 'to'> & { to: string };

/** A router link that keeps the reader's `?cap=N`, so no click can reveal a later chapter. */
export const CapLink = forwardRef<HTMLAnchorElement, CapLinkProps>(function CapLink({ to, ...rest }, ref) {
  const cap = useCapParam();
  return <Link ref={ref} to={withCap(to, cap)} {...rest} />;
});

type CapNavLinkProps = Omit<NavLinkProps, 'to'> & { to: string };

/** {@link CapLink} for navigation menus: marks the current page with `aria-current`. */
export const CapNavLink = forwardRef<HTMLAnchorElement, CapNavLinkProps>(function CapNavLink({ to, ...rest }, ref) {
  const cap = useCapParam();
  return <NavLink ref={ref} to={withCap(to, cap)} {...rest} />;
});
