/**
 * The scenario editor: topology, flows and faults. (Being built: this slot is
 * where the page mounts it.)
 */
export function EditorArea() {
  return null;
}
