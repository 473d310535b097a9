import type { ReactNode } from 'react';
import { useDocumentTitle } from '../lib/useDocumentTitle';

interface PageHeaderProps {
  title: string;
  /** Small line above the title (e.g. the entity type). */
  eyebrow?: ReactNode;
  children?: ReactNode;
  actions?: ReactNode;
}

/** The page's single h1, with an optional lead paragraph and actions; also sets the tab title. */
export function PageHeader({ title, eyebrow, children, actions }: PageHeaderProps) {
  useDocumentTitle(title);
  return (
    <header className="page-header">
      <div className="page-header__text">
        {eyebrow && <p className="page-header__eyebrow">{eyebrow}</p>}
        <h1 className="page-header__title">{title}</h1>
        {children && <div className="page-header__lead">{children}</div>}
      </div>
      {actions && <div className="page-header__actions">{actions}</div>}
    </header>
  );
}
