// Screen under construction by its issue; replaced in this session.
export default function Leaderboard() {
  return <h1 className="text-2xl font-bold">Leaderboard</h1>;
}
