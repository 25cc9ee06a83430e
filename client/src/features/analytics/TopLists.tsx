import { useState } from 'react';
import {
  TOP_LIST_SIZES,
  type Requester,
  type TopListSize,
  type TopSong,
} from '#shared/schemas/analytics.ts';
import { dollars } from './analytics-format.ts';

interface TopListsProps {
  songs: TopSong[];
  requesters: Requester[];
}

/** Top songs and top requesters, 10, 20 or 50 of each (spec section 9). */
export function TopLists({ songs, requesters }: TopListsProps) {
  const [size, setSize] = useState<TopListSize>(10);

  return (
    <>
      <div className="field analytics-size">
        <label htmlFor="analytics-top-size">Show top</label>
        <select
          id="analytics-top-size"
          value={size}
          onChange={(event) => setSize(Number(event.target.value) as TopListSize)}
        >
          {TOP_LIST_SIZES.map((value) => (
            <option key={value} value={value}>
              {value}
            </option>
          ))}
        </select>
      </div>
      <div className="analytics-lists">
        <section className="card" aria-labelledby="top-songs-title">
          <h3 id="top-songs-title">Top songs</h3>
          {songs.length === 0 ? (
            <p className="muted">No requests yet.</p>
          ) : (
            <ol className="analytics-list">
              {songs.slice(0, size).map((song) => (
                <li key={`${song.song}\u0000${song.artist}`}>
                  <span className="analytics-list-main">
                    <strong>{song.song}</strong> <span className="muted">{song.artist}</span>
                  </span>
                  <span className="analytics-count">{song.count}</span>
                </li>
              ))}
            </ol>
          )}
        </section>
        <section className="card" aria-labelledby="top-requesters-title">
          <h3 id="top-requesters-title">Top requesters</h3>
          {requesters.length === 0 ? (
            <p className="muted">No requests yet.</p>
          ) : (
            <div className="table-scroll">
              <table className="analytics-table">
                <thead>
                  <tr>
                    <th scope="col">Requester</th>
                    <th scope="col">Requests</th>
                    <th scope="col">Tips received</th>
                  </tr>
                </thead>
                <tbody>
                  {requesters.slice(0, size).map((requester) => (
                    <tr key={requester.email}>
                      <td>
                        {requester.requester_name}
                        <br />
                        <span className="analytics-email muted">{requester.email}</span>
                      </td>
                      <td className="numeric">{requester.request_count}</td>
                      <td className="numeric">{dollars(requester.total_tips)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </section>
      </div>
    </>
  );
}
