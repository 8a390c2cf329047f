// Where an artwork is, in words: in a room, the room and the place in it ("库房一 · A区3号架"); elsewhere,
// the place as recorded (a venue, a buyer, in transit). One rule for every screen that names a place.

export function placeWords(room: string, location: string): string {
  return [room, location].filter(Boolean).join(' · ')
}
