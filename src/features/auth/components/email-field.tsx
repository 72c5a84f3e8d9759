import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

/** The e-mail field every auth form asks for first: required, and filled by the browser. */
export function EmailField({
  id,
  value,
  onChange,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <div className="space-y-2">
      <Label htmlFor={id}>Email</Label>
      <Input
        id={id}
        type="email"
        autoComplete="email"
        required
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}
