// Screen under construction by its issue; replaced in this session.
export default function AdminGameweeks() {
  return <h1 className="text-2xl font-bold">AdminGameweeks</h1>;
}
