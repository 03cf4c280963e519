/** The profile's shape while it loads: the preview on one side, a tab bar and panels on the other. */
export function ProfileSkeleton() {
  return (
    <section className="hd-page hd-page--wide" role="status" aria-busy="true" aria-live="polite">
      <span className="hd-visually-hidden">Loading athlete</span>
      <div className="rq-skeleton-head" aria-hidden="true">
        <div className="hd-skeleton__line rq-skeleton-head__title" />
        <div className="hd-skeleton__line hd-skeleton__line--short rq-skeleton-head__subtitle" />
      </div>
      <div className="rq-profile" aria-hidden="true">
        <div className="rq-profile__aside">
          <div className="hd-skeleton hd-panel">
            <div className="hd-skeleton__media rq-skeleton-media" />
            <div className="hd-skeleton__line" />
            <div className="hd-skeleton__line hd-skeleton__line--short" />
          </div>
        </div>
        <div className="rq-profile__main">
          <div className="hd-skeleton__line rq-skeleton-tabs" />
          {[0, 1, 2].map((index) => (
            <div key={index} className="hd-skeleton hd-panel">
              <div className="hd-skeleton__line hd-skeleton__line--short" />
              <div className="hd-skeleton__line" />
              <div className="hd-skeleton__line" />
            </div>
          ))}
        </div>
      </div>
    </section>
  );
}
