/** The Experiment view: sweeps and side-by-side comparisons (being built). */
export function ExperimentView() {
  return <main className="main" aria-label="Experiment" />;
}
