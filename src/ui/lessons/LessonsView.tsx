/** The guided lessons (being built). */
export function LessonsView() {
  return <main className="main" aria-label="Lessons" />;
}
