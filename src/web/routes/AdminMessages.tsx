// Screen under construction by its issue; replaced in this session.
export default function AdminMessages() {
  return <h1 className="text-2xl font-bold">AdminMessages</h1>;
}
