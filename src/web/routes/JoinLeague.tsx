// Screen under construction by its issue; replaced in this session.
export default function JoinLeague() {
  return <h1 className="text-2xl font-bold">JoinLeague</h1>;
}
