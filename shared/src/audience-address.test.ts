import { describe, expect, it } from 'vitest';
import { addressReach } from './audience-address.ts';

describe('addressReach', () => {
  it.each([
    'http://localhost:3000/musician/band',
    'http://app.localhost/musician/band',
    'http://127.0.0.1:4340/musician/band',
    'http://127.8.9.10/musician/band',
    'http://[::1]:3000/musician/band',
    'http://0.0.0.0:3000/musician/band',
  ])('calls %s loopback', (link) => {
    expect(addressReach(link)).toBe('loopback');
  });

  it.each([
    'http://10.0.0.5/musician/band',
    'http://172.16.0.1/musician/band',
    'http://172.31.255.1:8080/musician/band',
    'http://192.168.1.20:3000/musician/band',
    'http://169.254.10.1/musician/band',
    'http://[fd12:3456::1]/musician/band',
    'http://[fc00::1]/musician/band',
    'http://[fe80::1]/musician/band',
    'http://laptop.local:3000/musician/band',
    'http://songserver:3000/musician/band',
  ])('calls %s private', (link) => {
    expect(addressReach(link)).toBe('private');
  });

  it.each([
    'https://songs.example.com/musician/band',
    'http://172.32.0.1/musician/band',
    'http://11.0.0.1/musician/band',
    'http://[2001:db8::1]/musician/band',
    'not a link',
  ])('calls %s public (or says nothing of what it cannot read)', (link) => {
    expect(addressReach(link)).toBe('public');
  });
});
