/** The review queue ignores the chapter cap; it says so wherever it shows a draft. */
export function AuthorNotice() {
  return (
    <div className="notice notice--info author-notice" role="note">
      <p className="notice__title">Author page: not limited by the chapter slider</p>
      <p>
        The review queue shows every parked draft in full, whatever chapter you are reading at. Drafts can mention anything up to the
        latest chapter.
      </p>
    </div>
  );
}
