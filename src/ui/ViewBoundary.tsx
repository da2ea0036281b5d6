import { Component, type ErrorInfo, type ReactNode } from 'react';

interface Props {
  /** the view's name, as the tabs say it ("Lab", "Lessons", "Experiment") */
  name: string;
  children: ReactNode;
}

interface State {
  error: Error | null;
}

/**
 * Keeps a rendering error in one view from blanking the whole page (React
 * unmounts everything above a component that throws, up to the nearest
 * boundary). The view is replaced by what happened, in plain words, and a
 * button to draw it again; the rest of the page, the scenario and the run go
 * on. Switching views remounts the boundary (App keys it by view), so the
 * other views are never affected.
 */
export class ViewBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    // For whoever opens the console; the page says it in words.
    console.error(`The ${this.props.name} view failed to draw`, error, info.componentStack);
  }

  override render(): ReactNode {
    const { error } = this.state;
    if (!error) return this.props.children;
    return (
      <div className="problem view-error" role="alert" data-testid="view-error">
        <div className="problem-text">
          <strong>The {this.props.name} view stopped drawing.</strong>
          <ul>
            <li>{error.message || 'An unexpected error.'}</li>
            <li>Your scenario and its run are kept. Draw the view again, or switch to another view.</li>
          </ul>
        </div>
        <button type="button" className="button small" onClick={() => this.setState({ error: null })}>
          Draw again
        </button>
      </div>
    );
  }
}
