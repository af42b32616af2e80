import type { KeyMode } from "../../../../core/contracts/api-keys";
import { ToggleGroup } from "./toggle-group";

const MODES: ReadonlyArray<{ value: KeyMode; label: string }> = [
  { value: "live", label: "Live" },
  { value: "test", label: "Test" },
];

/** Two toggle buttons: what live keys made, or what test keys made (the console's workflows, the streams). */
export function ModeSwitch({ mode, onChange, label }: { mode: KeyMode; onChange: (mode: KeyMode) => void; label: string }) {
  return <ToggleGroup options={MODES} value={mode} onChange={onChange} label={label} />;
}
